Feature: Material, order and the deal
  Générala is played with the 52-card pack and two Jokers, 54 cards, by 2 to 10
  players. The cards rank from low to high 2 3 4 5 6 7 8 9 10 J Q K A, and the
  Joker is above the Ace; there are no trumps. Dealing and play go
  counter-clockwise: the player "to the right of" P1 is P2, and so on round the
  table. The dealer deals every card, one at a time, beginning with the player on
  his right, so hands differ by at most one card and the players served first
  hold the extra cards. The canonical deck used below is 2C 3C … AC, 2D … AD,
  2H … AH, 2S … AS, JK, JK, top card first.

  @id:01_material_and_deal/four-players-the-deal-starts-on-the-dealer-s-right-and-goes-round-one-card-at-a-time
  @R-DEAL-1 @R-MAT-1 @R-MAT-5
  Scenario: Four players: the deal starts on the dealer's right and goes round one card at a time
    P1 deals, so P2 gets the first card (2C), P3 the second (3C), P4 the third
    (4C), P1 the fourth (5C), then P2 again — until all 54 cards are out.
    Given P1 deals a 4-player game from the canonical deck
    Then P2 holds 2C 6C 10C AC 5D 9D KD 4H 8H QH 3S 7S JS JK
    And P3 holds 3C 7C JC 2D 6D 10D AD 5H 9H KH 4S 8S QS JK
    And P4 holds 4C 8C QC 3D 7D JD 2H 6H 10H AH 5S 9S KS
    And P1 holds 5C 9C KC 4D 8D QD 3H 7H JH 2S 6S 10S AS

  @id:01_material_and_deal/three-players-the-last-seat-deals-his-right-is-the-first-seat
  @R-DEAL-1 @R-MAT-5
  Scenario: Three players, the last seat deals: his right is the first seat
    The player to the right of the last seat is P1: counting goes round the table.
    Given P3 deals a 3-player game from the canonical deck
    Then P1 holds 18 cards
    And P1 is to move
    And the hands hold 18, 18, 18 cards

  @id:01_material_and_deal/n-players-dealer-deals-hands-of-sizes-cards
  @R-DEAL-1 @R-DEAL-2 @R-MAT-2
  Scenario Outline: <n> players, <dealer> deals: hands of <sizes> cards
    Every card is dealt; when 54 does not divide evenly by the number of players,
    the players served first — beginning on the dealer's right — hold one card more.
    Given <dealer> deals a <n>-player game from the canonical deck
    Then the hands hold <sizes> cards
    And <leader> is to move

    Examples:
      | n  | dealer | sizes                          | leader |
      | 2  | P1     | 27, 27                         | P2     |
      | 2  | P2     | 27, 27                         | P1     |
      | 3  | P1     | 18, 18, 18                     | P2     |
      | 4  | P1     | 13, 14, 14, 13                 | P2     |
      | 4  | P2     | 13, 13, 14, 14                 | P3     |
      | 4  | P3     | 14, 13, 13, 14                 | P4     |
      | 4  | P4     | 14, 14, 13, 13                 | P1     |
      | 5  | P1     | 10, 11, 11, 11, 11             | P2     |
      | 5  | P3     | 11, 11, 10, 11, 11             | P4     |
      | 6  | P1     | 9, 9, 9, 9, 9, 9               | P2     |
      | 7  | P1     | 7, 8, 8, 8, 8, 8, 7            | P2     |
      | 7  | P5     | 8, 8, 8, 7, 7, 8, 8            | P6     |
      | 8  | P1     | 6, 7, 7, 7, 7, 7, 7, 6         | P2     |
      | 8  | P8     | 7, 7, 7, 7, 7, 7, 6, 6         | P1     |
      | 9  | P1     | 6, 6, 6, 6, 6, 6, 6, 6, 6      | P2     |
      | 10 | P1     | 5, 6, 6, 6, 6, 5, 5, 5, 5, 5   | P2     |
      | 10 | P6     | 5, 5, 5, 5, 5, 5, 6, 6, 6, 6   | P7     |
      | 10 | P10    | 6, 6, 6, 6, 5, 5, 5, 5, 5, 5   | P1     |

  @id:01_material_and_deal/a-dealer-who-does-not-play-deals-to-the-seated-players-from-his-right
  @R-DEAL-1 @R-SERIES-5 @AMB-3
  Scenario: A dealer who does not play deals to the seated players from his right
    In a series the eliminated dealer keeps his seat but gets no cards: the first
    card goes to the next seated player on his right.
    Given P3 deals a 4-player game to P1, P2, P4 from the canonical deck
    Then P3 holds no cards
    And P4 holds 2C 5C 8C JC AC 4D 7D 10D KD 3H 6H 9H QH 2S 5S 8S JS AS
    And P1 holds 3C 6C 9C QC 2D 5D 8D JD AD 4H 7H 10H KH 3S 6S 9S QS JK
    And P2 holds 18 cards
    And P4 is to move

  @id:01_material_and_deal/any-player-may-deal-the-first-game-dealer-deals
  @R-DEAL-3 @AMB-20
  Scenario Outline: Any player may deal the first game: <dealer> deals
    FA's "any player may be the first" is about the first dealer; whoever deals,
    the game starts with the player on the dealer's right.
    Given <dealer> deals a 5-player game from the reversed deck
    Then <leader> is to move
    And <leader> holds 11 cards

    Examples:
      | dealer | leader |
      | P1     | P2     |
      | P2     | P3     |
      | P4     | P5     |
      | P5     | P1     |

  @id:01_material_and_deal/rank-low-is-beaten-by-high
  @R-MAT-3
  Scenario Outline: Rank: <low> is beaten by <high>
    Cards of the led suit rank 2 3 4 5 6 7 8 9 10 J Q K A, and the highest one wins.
    Given a 3-player table where P1 leads:
      | P1 | <low> 2C  |
      | P2 | <high> 3C |
      | P3 | 4C 5C     |
    When P1 leads <low>, P2 plays <high> and P3 declines
    And P3 takes <low>
    Then P2 wins the trick
    And P2 leads next

    Examples:
      | low | high |
      | 2H  | 3H   |
      | 9H  | 10H  |
      | 10D | JD   |
      | JD  | QD   |
      | QS  | KS   |
      | KS  | AS   |
      | 2D  | AD   |

  @id:01_material_and_deal/there-are-no-trumps-only-the-led-suit-can-win
  @R-MAT-3
  Scenario: There are no trumps: only the led suit can win
    A player void in the led suit may not play another suit at all, so a high
    card of another suit never beats the led suit.
    Given a 3-player table where P1 leads:
      | P1 | 2C 3C |
      | P2 | AS 4C |
      | P3 | 5D 6D |
    When P1 leads 2C, P2 plays 4C and P3 plays 5D
    Then the move is refused with off-suit-card
    And P3 may decline

  @id:01_material_and_deal/suits-have-no-order-near-and-far-tie-and-the-nearer-player-leads
  @R-MAT-3 @R-NEXT-4 @option:tie-break=tied-nearest
  Scenario Outline: Suits have no order: <near> and <far> tie, and the nearer player leads
    P1 goes out with his Joker lead; P3 and P4 played Kings of different suits.
    Neither suit is higher, so they tie and the tied player nearer to P1,
    counting to his right, leads: P3, whichever suit he played.
    Given a 4-player table where P1 leads:
      | P1 | JK          |
      | P2 | 3D 2D       |
      | P3 | <near> 4D   |
      | P4 | <far> 5D    |
    When P1 leads JK, P2 plays 3D, P3 plays <near> and P4 plays <far>
    Then P3 leads next

    Examples:
      | near | far |
      | KC   | KS  |
      | KS   | KC  |
      | KH   | KD  |
      | KD   | KH  |

  @id:01_material_and_deal/the-two-jokers-are-two-copies-of-one-card
  @R-MAT-1 @R-MAT-4
  Scenario: The two Jokers are two copies of one card
    A hand may hold both Jokers; they are the same card twice.
    Given a 2-player table where P1 leads:
      | P1 | 5C JK JK |
      | P2 | 6C 7C    |
    When P1 leads JK
    Then P1 holds 5C JK
    And the trick on the table is P1 JK

  @id:01_material_and_deal/the-aim-is-to-get-rid-of-every-card-a-player-with-none-left-is-saved
  @R-MAT-6 @R-OUT-1
  Scenario: The aim is to get rid of every card: a player with none left is saved
    Given a 3-player table where P1 leads:
      | P1 | 8H       |
      | P2 | 9H 2C    |
      | P3 | 10H 3C   |
    When P1 leads 8H
    Then P1 goes out
    And P1 holds no cards
    And the game is not over
