Feature: Series of games
  With three or more players, games are played in a series. The loser of each
  game is eliminated for the rest of the series, so the table shrinks by one
  player with each game that has a loser; he deals the next game and does not
  play in it. A dealer who does not play keeps his seat: the first card, and the
  first lead, go to the next player on his right who is still in the series.
  After a game with no loser everyone plays again and the same dealer deals. The
  last player left is the champion. With only two players there is no series:
  each game has a loser, who deals the next one. A new series starts afresh.
  The games below are worked examples: every move of each game is listed.

  @id:08_series/the-loser-of-a-three-player-game-is-eliminated-and-deals-the-next-game-without-playing
  @R-SERIES-1 @R-SERIES-4 @AMB-16 @option:next-dealer=loser @option:end-check=trick-end
  Scenario: The loser of a three-player game is eliminated and deals the next game without playing
    Given P2 deals a 3-player series from the deck:
      """
      KD AC AH KC 3D 4D 10C 7C 5D JK 9H 10H 9S 2S 7H JK 2H 2D
      QD 7S QH JC 5H 10D 4S 3H 7D QC 4C JD 8S 6H AD JS KH AS
      3C 10S 2C 8C 5C 3S JH 6D 9C KS 6S 6C 8H 9D 5S QS 4H 8D
      """
    When the game is played out:
      """
      P3 QS, P1 2S, P2 AS, P2 4D, P3 KD, P1 3D, P3 10C, P1 5C, P2 6C, P3 KC,
      P1 7C, P2 2C, P3 JC, P1 4C, P2 9C, P3 8S, P1 7S, P2 3S, P3 JK, P1 6D,
      P2 2D, P3 KS, P1 6S, P2 5S, P3 3C, P1 AC, P2 decline, P2 take AC, P1 5H, P2 QH,
      P3 8H, P2 8D, P3 QD, P1 9D, P3 8C, P1 decline, P1 take 8C, P3 JS, P1 10S, P2 decline,
      P2 take 10S, P3 4S, P1 decline, P1 take 4S, P3 JH, P1 4H, P2 10H, P3 9S, P1 4S, P2 10S,
      P2 7H, P3 JK, P1 9H, P3 QC, P1 8C, P2 AC, P2 7D, P1 decline, P1 take 7D, P2 10D,
      P1 7D, P2 5D, P1 decline, P1 take 5D, P2 AH, P1 3H, P2 JD, P1 5D, P2 AD, P1 decline,
      P1 take AD
      """
    Then P1 loses
    And P1 is eliminated
    And P1 deals the next game and does not play in it
    And the series is not over

  @id:08_series/the-eliminated-dealer-deals-to-the-two-others-the-last-game-s-winner-is-the-champion
  @R-SERIES-5 @R-SERIES-3 @AMB-3 @option:next-dealer=loser @option:end-check=trick-end
  Scenario: The eliminated dealer deals to the two others; the last game's winner is the champion
    P1 keeps his seat while dealing: the first card goes to P2, the next player
    on his right still in the series, who also leads the first trick.
    Given P2 deals a 3-player series from the deck:
      """
      KD AC AH KC 3D 4D 10C 7C 5D JK 9H 10H 9S 2S 7H JK 2H 2D
      QD 7S QH JC 5H 10D 4S 3H 7D QC 4C JD 8S 6H AD JS KH AS
      3C 10S 2C 8C 5C 3S JH 6D 9C KS 6S 6C 8H 9D 5S QS 4H 8D
      """
    When the game is played out:
      """
      P3 QS, P1 2S, P2 AS, P2 4D, P3 KD, P1 3D, P3 10C, P1 5C, P2 6C, P3 KC,
      P1 7C, P2 2C, P3 JC, P1 4C, P2 9C, P3 8S, P1 7S, P2 3S, P3 JK, P1 6D,
      P2 2D, P3 KS, P1 6S, P2 5S, P3 3C, P1 AC, P2 decline, P2 take AC, P1 5H, P2 QH,
      P3 8H, P2 8D, P3 QD, P1 9D, P3 8C, P1 decline, P1 take 8C, P3 JS, P1 10S, P2 decline,
      P2 take 10S, P3 4S, P1 decline, P1 take 4S, P3 JH, P1 4H, P2 10H, P3 9S, P1 4S, P2 10S,
      P2 7H, P3 JK, P1 9H, P3 QC, P1 8C, P2 AC, P2 7D, P1 decline, P1 take 7D, P2 10D,
      P1 7D, P2 5D, P1 decline, P1 take 5D, P2 AH, P1 3H, P2 JD, P1 5D, P2 AD, P1 decline,
      P1 take AD
      """
    And the next game is dealt from the deck:
      """
      KD 2H QD 10H 7C KC 4C AS AD 4H 3D 8D 4S 6S 5S 8C 9D 2D
      4D JK 7D 7S QS 8H 3S QH 10C 10S 5D JC 10D QC JH 6D 6C 3H
      6H KS KH JD 9S 8S JK 2S AH 9C 5C 9H JS 3C 7H 2C 5H AC
      """
    Then the events are deal P1 P2,P3
    And P1 holds no cards
    And the hands hold 0, 27, 27 cards
    And P2 is to move
    When the game is played out:
      """
      P2 5H, P3 9H, P3 JK, P2 4D, P3 JD, P2 9D, P3 KS, P2 9S, P3 QH, P2 7H,
      P3 8D, P2 QD, P2 7C, P3 KC, P3 10H, P2 6H, P3 AS, P2 QS, P3 3H, P2 AH,
      P2 KH, P3 4H, P2 4S, P3 8S, P3 AC, P2 6C, P3 2H, P2 JH, P2 JS, P3 7S,
      P2 5S, P3 6S, P3 9C, P2 5C, P3 QC, P2 4C, P3 2S, P2 3S, P2 10D, P3 6D,
      P2 10C, P3 2C, P2 3D, P3 2D, P2 AD, P3 decline, P3 take AD, P2 JK, P3 3C, P2 5D,
      P3 AD, P3 JC, P2 decline, P2 take JC, P3 8C, P2 JC, P2 KD, P3 decline, P3 take KD, P2 7D,
      P3 KD
      """
    Then P3 loses
    And P3 is eliminated
    And P2 is the champion

  @id:08_series/a-new-series-starts-afresh-the-eliminated-players-are-back
  @R-SERIES-8 @R-DEAL-3 @AMB-18 @option:next-dealer=loser @option:end-check=trick-end
  Scenario: A new series starts afresh: the eliminated players are back
    Given P2 deals a 3-player series from the deck:
      """
      KD AC AH KC 3D 4D 10C 7C 5D JK 9H 10H 9S 2S 7H JK 2H 2D
      QD 7S QH JC 5H 10D 4S 3H 7D QC 4C JD 8S 6H AD JS KH AS
      3C 10S 2C 8C 5C 3S JH 6D 9C KS 6S 6C 8H 9D 5S QS 4H 8D
      """
    When the game is played out:
      """
      P3 QS, P1 2S, P2 AS, P2 4D, P3 KD, P1 3D, P3 10C, P1 5C, P2 6C, P3 KC,
      P1 7C, P2 2C, P3 JC, P1 4C, P2 9C, P3 8S, P1 7S, P2 3S, P3 JK, P1 6D,
      P2 2D, P3 KS, P1 6S, P2 5S, P3 3C, P1 AC, P2 decline, P2 take AC, P1 5H, P2 QH,
      P3 8H, P2 8D, P3 QD, P1 9D, P3 8C, P1 decline, P1 take 8C, P3 JS, P1 10S, P2 decline,
      P2 take 10S, P3 4S, P1 decline, P1 take 4S, P3 JH, P1 4H, P2 10H, P3 9S, P1 4S, P2 10S,
      P2 7H, P3 JK, P1 9H, P3 QC, P1 8C, P2 AC, P2 7D, P1 decline, P1 take 7D, P2 10D,
      P1 7D, P2 5D, P1 decline, P1 take 5D, P2 AH, P1 3H, P2 JD, P1 5D, P2 AD, P1 decline,
      P1 take AD
      """
    And the next game is dealt from the deck:
      """
      KD 2H QD 10H 7C KC 4C AS AD 4H 3D 8D 4S 6S 5S 8C 9D 2D
      4D JK 7D 7S QS 8H 3S QH 10C 10S 5D JC 10D QC JH 6D 6C 3H
      6H KS KH JD 9S 8S JK 2S AH 9C 5C 9H JS 3C 7H 2C 5H AC
      """
    And the game is played out:
      """
      P2 5H, P3 9H, P3 JK, P2 4D, P3 JD, P2 9D, P3 KS, P2 9S, P3 QH, P2 7H,
      P3 8D, P2 QD, P2 7C, P3 KC, P3 10H, P2 6H, P3 AS, P2 QS, P3 3H, P2 AH,
      P2 KH, P3 4H, P2 4S, P3 8S, P3 AC, P2 6C, P3 2H, P2 JH, P2 JS, P3 7S,
      P2 5S, P3 6S, P3 9C, P2 5C, P3 QC, P2 4C, P3 2S, P2 3S, P2 10D, P3 6D,
      P2 10C, P3 2C, P2 3D, P3 2D, P2 AD, P3 decline, P3 take AD, P2 JK, P3 3C, P2 5D,
      P3 AD, P3 JC, P2 decline, P2 take JC, P3 8C, P2 JC, P2 KD, P3 decline, P3 take KD, P2 7D,
      P3 KD
      """
    Then P2 is the champion
    Given P3 deals a 3-player series from the canonical deck
    Then the series is not over
    And the hands hold 18, 18, 18 cards
    And P1 is to move

  @id:08_series/after-a-game-with-no-loser-everyone-plays-again-dealt-by-the-same-dealer
  @R-SERIES-2 @R-SERIES-6 @R-END-3 @AMB-4 @option:no-loser-dealer=same @option:end-check=trick-end
  Scenario: After a game with no loser everyone plays again, dealt by the same dealer
    The last two players, P3 and P4, both play their last card in the last trick.
    Given P1 deals a 4-player series from the deck:
      """
      QS AH 8S 5D 10C JD 6C JC 2H 10D 2D 8D 7S 10S QH QC 5H 2C
      3D 9S KH 5C 9D QD 4C 9H 6S 4D 4H AC JK JK 3S 2S 7H 4S
      KS 9C AD AS 7C 5S JS 3H 10H 6H JH KC 8C 6D 3C 7D 8H KD
      """
    When the game is played out:
      """
      P2 8H, P3 9H, P4 QH, P1 3H, P4 JK, P1 7D, P2 7S, P3 9C, P4 6S, P1 AS,
      P2 QS, P3 5S, P1 8D, P2 decline, P2 take 8D, P1 KC, P2 7C, P3 2C, P4 6C, P1 9S,
      P2 KS, P3 10S, P4 JS, P2 2H, P3 AH, P4 JH, P1 JK, P1 4D, P2 8D, P3 6D,
      P4 AD, P4 8S, P1 4S, P2 3S, P3 2S, P4 3C, P1 QC, P2 4C, P3 5C, P1 QD,
      P2 decline, P2 take QD, P1 JC, P2 10C, P3 AC, P4 decline, P4 take AC, P3 JD, P4 2D, P1 5D,
      P2 QD, P2 8C, P3 decline, P3 take 8C, P2 10H, P3 6H, P4 7H, P2 4H, P3 decline, P3 take 4H,
      P2 5H, P3 4H, P4 decline, P4 take 4H, P2 KH, P3 decline, P3 take KH, P3 8C, P4 AC, P4 3D,
      P3 10D, P3 KD, P4 9D, P3 KH, P4 4H
      """
    Then nobody loses
    And P1 deals the next game and plays in it
    When the next game is dealt from the deck:
      """
      AC 4C 4D 2D 7D QH 6D 10D 8D 9H KH 4S 5C 9D KD 6H 3S QS
      3D AD 5S 8H 2S JC 3C 8S 6S 7H 9C JK 10H 2C 7C 4H QC KC
      KS 5H 10S 2H 7S JH 6C QD 5D JS 8C JK 3H 9S 10C AH JD AS
      """
    Then the events are deal P1 P1,P2,P3,P4
    And the hands hold 13, 14, 14, 13 cards

  @id:08_series/two-players-no-series-the-loser-deals-the-next-game
  @R-SERIES-7 @AMB-2 @option:two-player-dealer=loser @option:end-check=trick-end
  Scenario: Two players: no series; the loser deals the next game
    Given P2 deals a 2-player series from the deck:
      """
      JS 2H 4C 5D 8H 7H AD 8D 6H JD KH 2D QS 10C 7D 3S 8C KS
      10H JC 9S 6S 6C 4H 3H 10D QC 4D 6D 5C KC 5S 5H 9H 4S 10S
      JK 3D AH 2C AC 2S QH 3C 9D QD 9C JH AS 8S 7C KD 7S JK
      """
    When the game is played out:
      """
      P1 7S, P2 2S, P1 QS, P2 3S, P1 AH, P2 9H, P1 4C, P2 10C, P2 5D, P1 AD,
      P1 5H, P2 7H, P2 JK, P1 8H, P2 2D, P1 9D, P1 9S, P2 KS, P2 4D, P1 7D,
      P1 KH, P2 2H, P1 JS, P2 6S, P1 AC, P2 3C, P1 6D, P2 3D, P1 6C, P2 2C,
      P1 10H, P2 JH, P2 JC, P1 7C, P2 10S, P1 4S, P2 5C, P1 8C, P1 6H, P2 4H,
      P1 QH, P2 decline, P2 take QH, P1 KC, P2 decline, P2 take KC, P1 9C, P2 KC, P2 JD, P1 JK,
      P1 3H, P2 QH, P2 KD, P1 decline, P1 take KD, P2 8S, P1 AS, P1 KD, P2 10D, P1 QC,
      P2 decline, P2 take QC
      """
    Then P2 loses
    And P2 deals the next game and plays in it
    When the next game is dealt from the deck:
      """
      9C 8S 3D QD QC 10D 3H 5C 8C JC AS 4C QH 3S 10H AH 6C 3C
      JK AC JH AD 7C KC 2H 9S 4S 8D 2C JK 7H JD 4H 4D KD 10S
      8H 2D JS 5D KH 7D 9D 2S 6S KS 5H QS 6D 7S 6H 10C 5S 9H
      """
    Then P1 is to move
    And the series is not over

  @id:08_series/a-dealer-who-does-not-play-with-an-eliminated-seat-on-his-right-the-first-card-skips-it
  @R-SERIES-5 @R-SERIES-1 @R-SERIES-4 @AMB-3 @option:next-dealer=loser @option:end-check=trick-end
  Scenario: A dealer who does not play, with an eliminated seat on his right: the first card skips it
    P4 loses the first game and deals the second without playing; P3 loses the
    second game and deals the third. P4, on P3's right, is out of the series too,
    so the first card and the first lead of game 3 go to P5.
    Given P2 deals a 5-player series from the deck:
      """
      9H JD 7D KC 3H AS 5S 4S 5H AH 4C 4D 8H 10H 2H KH JH KD
      4H 7S 2S 6D QH KS 6S 2D 3S 7H 7C 8D 6H 9D JS 5D JK 5C
      QD 10S 6C 9C JC 8C QC JK 10C 8S 2C 10D AD 3D QS 9S AC 3C
      """
    When the game is played out:
      """
      P3 QS, P4 5S, P5 JS, P1 KS, P2 6S, P1 AD, P2 3D, P3 2D, P4 JD, P5 10D,
      P1 KC, P2 9C, P3 JC, P4 2C, P5 QC, P1 3C, P2 10C, P3 4C, P4 8C, P5 AC,
      P5 4S, P1 decline, P1 take 4S, P5 QH, P1 4H, P2 3H, P3 6H, P4 JH, P5 7D, P1 5D,
      P2 8D, P3 decline, P3 take 8D, P2 AH, P3 9H, P4 decline, P4 take 9H, P2 JK, P3 KH, P4 QD,
      P5 8H, P1 4S, P2 2H, P3 decline, P3 take 2H, P2 7S, P3 2S, P4 3S, P5 10S, P1 decline,
      P1 take 3S, P5 7H, P1 5H, P3 2H, P4 9H, P4 4D, P5 KD, P1 JK, P3 8D, P1 10H,
      P3 decline, P3 take 10H, P1 6C, P3 5C, P4 decline, P4 take 6C, P1 7C, P3 decline, P3 take 7C, P1 3S,
      P3 AS, P4 9S, P3 7C, P4 6C, P3 10H, P4 decline, P4 take 10H, P3 8S, P4 decline, P4 take 8S
      """
    Then P4 is eliminated
    And P4 deals the next game and does not play in it
    When the next game is dealt from the deck:
      """
      6H 10C 5S JS 3C 7D QS 9C JC JD KC 2H 2S 4C AH 2D 10D 9S
      AC AS AD 7S 10S 4S 10H QD 2C KD KH 3S 5D 6C 9D 6S QC 3H
      JK 8S KS 4D 7C 9H QH 8D 7H 8H JK 8C 5C JH 4H 5H 3D 6D
      """
    And the game is played out:
      """
      P5 3D, P1 6D, P2 5D, P3 KD, P3 5H, P5 7H, P1 8H, P2 QH, P2 2C, P3 6C,
      P5 JC, P1 10C, P5 6H, P1 9H, P2 AH, P3 2H, P2 5S, P3 AS, P5 2S, P1 3S,
      P3 9C, P5 3C, P1 4C, P2 QC, P2 KS, P3 JS, P5 JK, P1 8S, P5 7C, P1 decline,
      P1 take 7C, P5 KH, P1 JH, P2 4H, P3 3H, P5 5C, P1 7C, P2 AC, P3 8C, P2 JK,
      P3 4D, P5 10H, P1 7D, P2 KC, P3 decline, P3 take KC, P2 QS, P3 4S, P5 decline, P5 take QS,
      P2 10S, P3 decline, P3 take 10S, P3 2D, P5 10D, P1 JD, P1 9S, P3 10S, P5 QS, P5 AD,
      P1 QD, P3 8D, P5 9D, P1 decline, P1 take 9D, P1 7S, P3 decline, P3 take 7S, P1 9D, P3 decline,
      P3 take 9D, P1 6S, P3 7S
      """
    Then P3 is eliminated
    And P3 deals the next game and does not play in it
    When the next game is dealt from the deck:
      """
      8D JH 3C JK 7H QH AC QC JD AS 5H 4S 8C JK 2S 6S 9H 3D
      9S 2D 5C 5D QD KC 5S 10C KH 10D AD 7D JS 3H 2C 4H JC 7C
      10S 9C 4C 9D 8H QS 7S 6C 10H 3S 6D 8S 6H 2H 4D AH KS KD
      """
    Then the events are deal P3 P1,P2,P5
    And P3 holds no cards
    And P4 holds no cards
    And the hands hold 18, 18, 0, 0, 18 cards
    And P5 is to move
