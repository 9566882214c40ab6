Feature: The first roll of a turn
  A Straight, Full House or Four of a kind made on the first roll of a turn earns
  5 extra points (or 10). A five of a kind on the first roll wins the game at once,
  unless the player scratched Generala.

  @id:05_first_roll/a-served-full-house-earns-the-bonus
  @D-FIRST-1 @AMB-3 @option:first-roll-bonus=5
  Scenario: A Full House made on the first roll earns 5 extra points
    Given the roll 3 5 3 5 3 on the first roll
    Then it scores 35 in Full House
    And it scores 9 in Threes

  @id:05_first_roll/the-higher-bonus
  @D-FIRST-1 @AMB-3 @option:first-roll-bonus=10
  Scenario: With the higher bonus, a served Straight earns 10 extra points
    Given the roll 1 2 3 4 5 on the first roll
    Then it scores 30 in Straight

  @id:05_first_roll/no-bonus-on-a-later-roll
  @D-FIRST-1
  Scenario: A hand made on a later roll earns no bonus
    Given a dice game of 2 players
    When P1 rolls 2 2 2 6 1
    And P1 keeps 2 2 2 and throws 2 5
    And P1 scores Four of a kind
    Then P1 has scored 40 points in Four of a kind

  @id:05_first_roll/a-re-roll-of-all-five-is-no-first-roll
  @D-FIRST-2 @AMB-7 @option:first-roll=turn-first
  Scenario: A re-roll of all five dice is no first roll
    Given a dice game of 2 players
    When P1 rolls 1 2 3 4 6
    And P1 throws all five again: 4 4 4 5 5
    Then the roll does not count as a first roll

  @id:05_first_roll/any-roll-of-all-five
  @D-FIRST-2 @AMB-7 @option:first-roll=all-five @option:first-roll-bonus=5
  Scenario: Under the variation, any roll of all five dice is a first roll
    Given the roll 4 4 4 5 5 on a later roll of all five dice
    Then it scores 35 in Full House

  @id:05_first_roll/a-served-generala-wins
  @D-FIRST-3 @D-FIRST-5 @AMB-8 @option:auto-win=unless-scratched @option:auto-win-end=at-once
  Scenario: A five of a kind on the first roll wins the game at once
    Nobody plays after it.
    Given a dice game of 2 players
    When P1 rolls 6 6 6 6 6
    Then P1 wins at once
    And the game is over and P1 wins
    When P2 rolls 1 1 1 1 1
    Then the move is refused with game-over

  @id:05_first_roll/a-served-generala-on-the-scoring-level
  @D-FIRST-3 @AMB-8 @option:auto-win=unless-scratched
  Scenario: A served Generala wins, also after Generala was scored
    Given the roll 6 6 6 6 6 on the first roll
    And Generala is scored
    Then it wins at once

  @id:05_first_roll/a-scratched-generala-gives-no-win
  @D-FIRST-4 @AMB-8
  Scenario: A player who scratched Generala does not win by a served five of a kind
    Given the roll 6 6 6 6 6 on the first roll
    And Generala is scratched
    Then it does not win at once

  @id:05_first_roll/only-an-open-generala-wins
  @D-FIRST-3 @AMB-8 @option:auto-win=generala-open
  Scenario: When only an open Generala wins, a scored one does not
    Given the roll 6 6 6 6 6 on the first roll
    And Generala is scored
    Then it does not win at once

  @id:05_first_roll/no-automatic-win
  @D-FIRST-3 @AMB-8 @option:auto-win=never
  Scenario: Without the automatic win, a served Generala is only a Generala
    Given the roll 6 6 6 6 6 on the first roll
    Then it does not win at once

  @id:05_first_roll/the-round-is-played-out
  @D-FIRST-5 @D-END-3 @AMB-8 @option:auto-win-end=round-end @option:auto-win=unless-scratched
  Scenario: When an automatic win ends the round, the round is played out
    Every player who wins so in the round wins.
    Given a dice game of 3 players
    When P1 rolls 4 4 4 4 4
    Then P1 wins at once
    And the game is not over
    When P2 rolls 1 2 3 4 6
    And P2 scores Ones
    And P3 rolls 2 2 2 2 2
    Then the game is over and P1 and P3 win
