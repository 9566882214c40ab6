Feature: Rolling in a turn
  A turn begins with a roll of all five dice. After a roll that is not the last
  of his turn, the player may keep any of the dice and throw the others; a turn
  has at most three rolls. He may stop after any roll and score it.

  @id:02_rolling/a-turn-begins-with-a-roll-of-all-five-dice
  @D-TURN-1
  Scenario: A turn begins with a roll of all five dice
    Nothing may be scored, scratched or kept before the first roll, and there is
    one first roll only.
    Given a dice game of 2 players
    When P1 scores Ones
    Then the move is refused with not-rolled
    When P1 rolls 1 1 2 3 4
    And P1 rolls 2 2 2 2 2
    Then the move is refused with already-rolled

  @id:02_rolling/keep-some-dice-and-throw-the-others
  @D-TURN-2
  Scenario: Keep some dice and throw the others
    Only dice of the roll may be kept, and a re-roll throws at least one die.
    Given a dice game of 2 players
    When P1 rolls 4 4 1 2 6
    And P1 keeps 4 4 4 and throws 5 5
    Then the move is refused with keep-not-in-roll
    When P1 keeps 4 4 and throws 4 5 6
    Then P1 may score Fours
    When P1 throws all five again: 1 2 3 4 5
    Then P1 may score Straight

  @id:02_rolling/a-turn-has-three-rolls-at-most
  @D-TURN-3 @AMB-1 @option:rolls=three
  Scenario: A turn has three rolls at most
    The first roll and two re-rolls; after the third roll the player must score or scratch.
    Given a dice game of 2 players
    When P1 rolls 1 2 3 4 6
    And P1 keeps 1 2 3 4 and throws 6
    And P1 keeps 1 2 3 4 and throws 6
    And P1 keeps 1 2 3 4 and throws 5
    Then the move is refused with no-rolls-left

  @id:02_rolling/the-literal-reading-gives-a-fourth-roll
  @D-TURN-3 @AMB-1 @option:rolls=four
  Scenario: The literal reading gives a fourth roll
    "Roll again up to three times", read literally, allows three re-rolls.
    Given a dice game of 2 players
    When P1 rolls 1 2 3 4 6
    And P1 keeps 1 2 3 4 and throws 6
    And P1 keeps 1 2 3 4 and throws 6
    And P1 keeps 1 2 3 4 and throws 5
    Then P1 may score Straight

  @id:02_rolling/the-player-may-stop-after-any-roll
  @D-TURN-4 @AMB-11
  Scenario: The player may stop after any roll
    He need not use all his rolls: he scores his first roll and the turn passes.
    Given a dice game of 2 players
    When P1 rolls 3 3 3 1 2
    And P1 scores Threes
    Then P1 has scored 9 points in Threes
    And P2 is to play
