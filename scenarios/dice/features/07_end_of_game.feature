Feature: The end of the game
  Without an automatic win, the game ends when every player has filled or
  scratched his whole sheet; the player with the most points wins, and players
  tied for the most share the win. After an automatic win its maker wins.

  @id:07_end_of_game/a-game-of-one-player-ends-with-his-sheet
  @D-END-1 @D-PLAY-1 @option:double-generala=off
  Scenario: The game ends when the sheet is full: ten turns without Double Generala
    Given a dice game of one player
    When P1 rolls 1 2 3 4 6
    And P1 scratches Ones
    And P1 rolls 1 2 3 4 6
    And P1 scratches Twos
    And P1 rolls 1 2 3 4 6
    And P1 scratches Threes
    And P1 rolls 1 2 3 4 6
    And P1 scratches Fours
    And P1 rolls 1 2 3 4 6
    And P1 scratches Fives
    And P1 rolls 1 2 3 4 6
    And P1 scratches Sixes
    And P1 rolls 1 2 3 4 6
    And P1 scratches Straight
    And P1 rolls 1 2 3 4 6
    And P1 scratches Full House
    And P1 rolls 1 2 3 4 6
    Then the game is not over
    When P1 scratches Four of a kind
    And P1 rolls 1 2 3 4 6
    And P1 scratches Generala
    Then the game is over and P1 wins
    And the totals are 0

  @id:07_end_of_game/the-most-points-win
  @D-END-2 @AMB-9 @option:double-generala=off
  Scenario: Tied players share the win
    Two players who score the same share the win.
    Given a dice game of 2 players
    When P1 rolls 6 6 6 1 2
    And P1 scores Sixes
    And P2 rolls 6 6 6 1 2
    And P2 scores Sixes
    And P1 rolls 1 2 3 4 6
    And P1 scratches Ones
    And P2 rolls 1 2 3 4 6
    And P2 scratches Ones
    And P1 rolls 1 2 3 4 6
    And P1 scratches Twos
    And P2 rolls 1 2 3 4 6
    And P2 scratches Twos
    And P1 rolls 1 2 3 4 6
    And P1 scratches Threes
    And P2 rolls 1 2 3 4 6
    And P2 scratches Threes
    And P1 rolls 1 2 3 4 6
    And P1 scratches Fours
    And P2 rolls 1 2 3 4 6
    And P2 scratches Fours
    And P1 rolls 1 2 3 4 6
    And P1 scratches Fives
    And P2 rolls 1 2 3 4 6
    And P2 scratches Fives
    And P1 rolls 1 2 3 4 6
    And P1 scratches Straight
    And P2 rolls 1 2 3 4 6
    And P2 scratches Straight
    And P1 rolls 1 2 3 4 6
    And P1 scratches Full House
    And P2 rolls 1 2 3 4 6
    And P2 scratches Full House
    And P1 rolls 1 2 3 4 6
    And P1 scratches Four of a kind
    And P2 rolls 1 2 3 4 6
    And P2 scratches Four of a kind
    And P1 rolls 1 2 3 4 6
    And P1 scratches Generala
    And P2 rolls 1 2 3 4 6
    And P2 scratches Generala
    Then the game is over and P1 and P2 win
    And the totals are 18, 18

  @id:07_end_of_game/the-automatic-winner-wins-whatever-the-points
  @D-END-3 @D-FIRST-3 @option:auto-win=unless-scratched @option:auto-win-end=at-once
  Scenario: An automatic win beats any score
    Given a dice game of 2 players
    When P1 rolls 1 2 3 4 6
    And P1 scratches Ones
    And P2 rolls 6 6 6 1 2
    And P2 keeps 6 6 6 and throws 6 2
    And P2 scores Four of a kind
    And P1 rolls 3 3 3 3 3
    Then P1 wins at once
    And the game is over and P1 wins
    And the totals are 0, 40
