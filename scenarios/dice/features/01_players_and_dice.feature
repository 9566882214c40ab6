Feature: Players, dice and turns
  Generala is played with five six-sided dice by one or more players, each with
  a score sheet of his own. The players take turns in the order the setup gives,
  the first listed starting (P1, then P2, ...); a roll is its five values in any
  order.

  @id:01_players_and_dice/the-first-listed-player-starts-and-the-others-follow-in-order
  @D-PLAY-2 @D-TURN-5 @AMB-10
  Scenario: The first listed player starts and the others follow in order
    P1 plays first; when he has scored, P2 plays, then P3, then P1 again.
    Given a dice game of 3 players
    Then P1 is to play
    When P2 rolls 1 2 3 4 5
    Then the move is refused with not-your-turn
    When P1 rolls 2 2 2 3 4
    And P1 scores Twos
    Then P2 is to play
    When P2 rolls 3 3 4 5 6
    And P2 scratches Ones
    Then P3 is to play
    When P3 rolls 6 6 1 2 3
    And P3 scores Sixes
    Then P1 is to play

  @id:01_players_and_dice/a-game-of-one-player-is-the-same-game
  @D-PLAY-1 @AMB-12
  Scenario: A game of one player is the same game on one sheet
    A single player rolls, scores and plays turn after turn.
    Given a dice game of one player
    When P1 rolls 5 5 2 3 1
    And P1 scores Fives
    Then P1 is to play
    And the totals are 10

  @id:01_players_and_dice/the-order-of-the-dice-does-not-matter
  @D-PLAY-3
  Scenario: The order of the dice does not matter
    6 4 2 6 1 is the same roll as 1 2 4 6 6: it scores 12 in Sixes.
    Given the roll 6 4 2 6 1 on a later roll
    Then it scores 12 in Sixes
    And it scores 4 in Fours
