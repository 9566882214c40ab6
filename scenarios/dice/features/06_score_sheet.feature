Feature: The score sheet
  The sheet has Ones to Sixes, Straight, Full House, Four of a kind, Generala and
  Double Generala. To end his turn a player scores his roll in an open category it
  qualifies for, or scratches any open category; a scored or scratched category is
  closed for the rest of the game.

  @id:06_score_sheet/score-only-where-the-roll-qualifies
  @D-SHEET-2 @AMB-3 @option:first-roll-bonus=5
  Scenario: A roll is scored in an open category it qualifies for
    Given a dice game of 2 players
    When P1 rolls 3 3 3 5 5
    Then P1 may score Full House
    And P1 may not score Generala
    When P1 scores Straight
    Then the move is refused with does-not-qualify
    When P1 scores Full House
    Then P1 has scored 35 points in Full House, 5 of them the first-roll bonus

  @id:06_score_sheet/scratch-any-open-category
  @D-SHEET-3
  Scenario: A player may scratch a category his roll qualifies for; it is closed for good
    Given a dice game of 2 players
    When P1 rolls 2 3 4 5 6
    And P1 scratches Straight
    And P2 rolls 1 2 3 4 6
    And P2 scratches Ones
    And P1 rolls 1 2 3 4 5
    Then P1 may not score Straight
    And P1 may not scratch Straight
    When P1 scores Straight
    Then the move is refused with category-closed

  @id:06_score_sheet/a-scored-category-is-closed
  @D-SHEET-4
  Scenario: A scored category can never be scored again
    Given a dice game of 2 players
    When P1 rolls 1 1 1 2 3
    And P1 scores Ones
    And P2 rolls 1 2 3 4 6
    And P2 scratches Twos
    And P1 rolls 1 1 4 5 6
    Then P1 may not score Ones
    When P1 scores Ones
    Then the move is refused with category-closed

  @id:06_score_sheet/closed-categories-are-not-answered
  @D-SHEET-3 @D-SHEET-4
  Scenario: A closed category is no more answered at the scoring level
    Given the roll 1 1 1 2 3 on a later roll
    And Ones is scored
    And Threes is scratched
    Then it scores 2 in Twos
