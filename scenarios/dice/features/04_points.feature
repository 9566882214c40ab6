Feature: Points
  Ones to Sixes score the sum of their dice; Straight 20, Full House 30, Four of
  a kind 40, Generala 50 (or 60), Double Generala 100 (or 120). An implementation
  may declare its own table of these values instead.

  @id:04_points/the-number-categories-score-the-sum-of-their-dice
  @D-SCORE-1
  Scenario: A number category scores the sum of its dice
    4-4-4-2-6 scores 12 in Fours, 2 in Twos and 6 in Sixes.
    Given the roll 4 4 4 2 6 on a later roll
    Then it scores 12 in Fours
    And it scores 2 in Twos
    And it scores 6 in Sixes

  @id:04_points/the-hands
  @D-SCORE-2 @D-SCORE-3 @D-SCORE-4
  Scenario: Straight 20, Full House 30, Four of a kind 40
    Given the roll 2 3 4 5 6 on a later roll
    Then it scores 20 in Straight
    Given the roll 5 5 5 3 3 on a later roll
    Then it scores 30 in Full House
    Given the roll 2 2 2 2 6 on a later roll
    Then it scores 40 in Four of a kind

  @id:04_points/generala-scores-50
  @D-SCORE-5 @AMB-3 @option:generala-points=50
  Scenario: Generala scores 50
    Given the roll 6 6 6 6 6 on a later roll
    Then it scores 50 in Generala

  @id:04_points/generala-scores-60
  @D-SCORE-5 @AMB-3 @option:generala-points=60
  Scenario: With the higher value, Generala scores 60
    Given the roll 6 6 6 6 6 on a later roll
    Then it scores 60 in Generala

  @id:04_points/double-generala-scores-100
  @D-SCORE-6 @AMB-3 @option:double-generala-points=100 @option:double-generala=after-generala
  Scenario: Double Generala scores 100
    Given the roll 2 2 2 2 2 on a later roll
    And Generala is scored
    Then it scores 100 in Double Generala

  @id:04_points/double-generala-scores-120
  @D-SCORE-6 @AMB-3 @option:double-generala-points=120 @option:double-generala=after-generala
  Scenario: With the higher value, Double Generala scores 120
    Given the roll 2 2 2 2 2 on a later roll
    And Generala is scored
    Then it scores 120 in Double Generala

  @id:04_points/a-declared-table
  @D-SCORE-7
  Scenario: The points of a game follow the table in force
    Whatever table is in force, the totals are the sum of the points scored.
    Given a dice game of 2 players
    When P1 rolls 6 6 6 1 2
    And P1 scores Sixes
    Then P1 has scored 18 points in Sixes
    And the totals are 18, 0
