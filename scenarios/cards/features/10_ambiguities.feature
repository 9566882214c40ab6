Feature: Ambiguities of the sources, and the kit's rulings
  Where the French (FR) and Persian (FA) texts differ or say nothing, the kit
  settles the point (see the ambiguity register). Where a real implementation
  could reasonably read the texts the other way, the point is a rule option, and
  a scenario is given for each reading (tagged @option:NAME=VALUE). The series
  rulings (who deals next, AMB-2, AMB-4, AMB-16, AMB-18) are shown in "Series of
  games".

  @id:10_ambiguities/amb-1-the-kit-s-ruling-the-first-leader-leads-the-last-card-dealt-to-him-fa
  @AMB-1 @R-LEAD-2 @option:first-lead=forced-last-dealt
  Scenario: AMB-1, the kit's ruling: the first leader leads the last card dealt to him (FA)
    Given P3 deals a 3-player game from the canonical deck
    Then P1 must lead AS

  @id:10_ambiguities/amb-1-the-french-text-read-literally-the-first-leader-leads-any-card
  @AMB-1 @R-LEAD-1 @option:first-lead=free
  Scenario: AMB-1, the French text read literally: the first leader leads any card
    Given P3 deals a 3-player game from the canonical deck
    Then P1 may lead 2C
    And P1 may lead AS

  @id:10_ambiguities/amb-3-a-dealer-who-does-not-play-deals-from-the-next-seated-player-on-his-right
  @AMB-3 @R-SERIES-5 @R-DEAL-1
  Scenario: AMB-3: a dealer who does not play deals from the next seated player on his right
    Given P2 deals a 3-player game to P1, P3 from the canonical deck
    Then P3 is to move
    And P2 holds no cards
    And the hands hold 27, 0, 27 cards

  @id:10_ambiguities/amb-5-the-kit-s-ruling-three-tied-aces-the-tied-player-nearest-the-previous-leader-leads
  @AMB-5 @R-NEXT-4 @option:tie-break=tied-nearest
  Scenario: AMB-5, the kit's ruling: three tied Aces, the tied player nearest the previous leader leads
    Given a 5-player table where P2 leads:
      | P2 | JK    |
      | P3 | 4C 2D |
      | P4 | AH 3D |
      | P5 | AD 5D |
      | P1 | AS 6D |
    When P2 leads JK, P3 plays 4C, P4 plays AH, P5 plays AD and P1 plays AS
    Then P4 leads next

  @id:10_ambiguities/amb-5-fa-read-literally-the-nearest-player-still-holding-a-card-leads-tied-or-not
  @AMB-5 @R-NEXT-4 @option:tie-break=any-nearest
  Scenario: AMB-5, FA read literally: the nearest player still holding a card leads, tied or not
    Given a 5-player table where P2 leads:
      | P2 | JK    |
      | P3 | 4C 2D |
      | P4 | AH 3D |
      | P5 | AD 5D |
      | P1 | AS 6D |
    When P2 leads JK, P3 plays 4C, P4 plays AH, P5 plays AD and P1 plays AS
    Then P3 leads next

  @id:10_ambiguities/amb-6-all-three-players-of-an-ended-trick-went-out-the-lead-passes-to-the-taker
  @AMB-6 @R-NEXT-5 @option:no-loser=all-remaining
  Scenario: AMB-6: all three players of an ended trick went out; the lead passes to the taker
    FR's "highest card among those who still hold cards" finds nobody here; FA
    passes the lead to the right, to the player who took a card.
    Given a 5-player table where P1 leads:
      | P1 | 7D    |
      | P2 | 9D    |
      | P3 | JK    |
      | P4 | 2C 3C |
      | P5 | 4C    |
    When P1 leads 7D, P2 plays 9D, P3 plays JK and P4 declines
    And P4 takes 9D
    Then P3 wins the trick
    And P4 leads next
    And the events are take P4 9D, trick P3 incomplete, lead P4 taker

  @id:10_ambiguities/amb-7-the-kit-s-ruling-only-one-player-holds-cards-waits-for-the-end-of-the-trick
  @AMB-7 @R-END-2 @option:end-check=trick-end
  Scenario: AMB-7, the kit's ruling: "only one player holds cards" waits for the end of the trick
    Given a 4-player table where P1 leads:
      | P1 | 8H    |
      | P2 | 9H    |
      | P3 | 10H   |
      | P4 | JH 2C |
    When P1 leads 8H, P2 plays 9H and P3 plays 10H
    Then the game is not over
    And P4 is to move

  @id:10_ambiguities/amb-7-checked-after-every-card-the-game-ends-before-the-last-player-plays
  @AMB-7 @R-END-2 @option:end-check=each-card
  Scenario: AMB-7, checked after every card: the game ends before the last player plays
    Given a 4-player table where P1 leads:
      | P1 | 8H    |
      | P2 | 9H    |
      | P3 | 10H   |
      | P4 | JH 2C |
    When P1 leads 8H, P2 plays 9H and P3 plays 10H
    Then P4 loses
    And the game is over

  @id:10_ambiguities/amb-8-the-kit-s-ruling-fr-two-going-out-together-is-no-finish-while-three-hold-cards
  @AMB-8 @R-END-3 @option:no-loser=all-remaining
  Scenario: AMB-8, the kit's ruling (FR): two going out together is no finish while three hold cards
    Given a 5-player table where P1 leads:
      | P1 | 8S    |
      | P2 | 9S    |
      | P3 | 10S 2C |
      | P4 | JS 3C |
      | P5 | QS 4C |
    When P1 leads 8S, P2 plays 9S, P3 plays 10S, P4 plays JS and P5 plays QS
    Then the game is not over
    And P5 leads next

  @id:10_ambiguities/amb-8-fa-read-literally-two-or-more-going-out-together-ends-the-game-nobody-loses
  @AMB-8 @R-END-3 @option:no-loser=two-or-more
  Scenario: AMB-8, FA read literally: two or more going out together ends the game, nobody loses
    Given a 5-player table where P1 leads:
      | P1 | 8S    |
      | P2 | 9S    |
      | P3 | 10S 2C |
      | P4 | JS 3C |
      | P5 | QS 4C |
    When P1 leads 8S, P2 plays 9S, P3 plays 10S, P4 plays JS and P5 plays QS
    Then nobody loses

  @id:10_ambiguities/amb-9-the-kit-s-ruling-two-players-going-out-together-nobody-loses
  @AMB-9 @R-END-4 @option:two-player-tie=no-loser @option:end-check=trick-end
  Scenario: AMB-9, the kit's ruling: two players going out together, nobody loses
    Given a 2-player table where P2 leads:
      | P1 | 9C |
      | P2 | 5C |
    When P2 leads 5C and P1 plays 9C
    Then nobody loses

  @id:10_ambiguities/amb-9-fr-s-a-winner-and-a-loser-the-later-of-the-two-last-cards-loses
  @AMB-9 @R-END-4 @option:two-player-tie=last-to-play-loses @option:end-check=trick-end
  Scenario: AMB-9, FR's "a winner and a loser": the later of the two last cards loses
    Given a 2-player table where P2 leads:
      | P1 | 9C |
      | P2 | 5C |
    When P2 leads 5C and P1 plays 9C
    Then P1 loses

  @id:10_ambiguities/amb-10-the-led-suit-governs-not-the-suit-of-the-previous-card
  @AMB-10 @R-FOLLOW-3
  Scenario: AMB-10: the led suit governs, not the suit of the previous card
    Given a 4-player table where P1 leads:
      | P1 | 3D 2C    |
      | P2 | JK 3C    |
      | P3 | 4D 9D 5S |
      | P4 | 6D 6S    |
    When P1 leads 3D and P2 plays JK
    Then the legal moves are 4D, 9D

  @id:10_ambiguities/amb-11-holding-the-led-suit-a-player-may-not-keep-it-back-by-playing-a-joker
  @AMB-11 @R-FOLLOW-4
  Scenario: AMB-11: holding the led suit, a player may not keep it back by playing a Joker
    Given a 3-player table where P1 leads:
      | P1 | 3D 2C    |
      | P2 | JK JK 2D |
      | P3 | 4D 5S    |
    When P1 leads 3D
    Then the legal moves are 2D
    And P2 may not play JK

  @id:10_ambiguities/amb-12-holding-the-led-suit-a-player-may-not-decline
  @AMB-12 @R-FOLLOW-4
  Scenario: AMB-12: holding the led suit, a player may not decline
    Given a 3-player table where P1 leads:
      | P1 | 3D 2C |
      | P2 | 2D 3S |
      | P3 | 4D 5S |
    When P1 leads 3D
    Then P2 may not decline

  @id:10_ambiguities/amb-13-the-first-joker-went-out-with-its-player-the-second-joker-outranks-an-ace
  @AMB-13 @R-NEXT-6
  Scenario: AMB-13: the first Joker went out with its player; the second Joker outranks an Ace
    Given a 4-player table where P1 leads:
      | P1 | 5S 2C |
      | P2 | AS 3C |
      | P3 | JK    |
      | P4 | JK 4C |
    When P1 leads 5S, P2 plays AS, P3 plays JK and P4 plays JK
    Then P3 wins the trick
    And P4 leads next

  @id:10_ambiguities/amb-14-both-jokers-in-a-declined-trick-are-turned-down-only-the-led-card-can-be-taken
  @AMB-14 @R-DECL-4 @R-DECL-3
  Scenario: AMB-14: both Jokers in a declined trick are turned down; only the led card can be taken
    Given a 4-player table where P1 leads:
      | P1 | 6C 2D |
      | P2 | JK 3D |
      | P3 | JK 4D |
      | P4 | 5D 7D |
    When P1 leads 6C, P2 plays JK, P3 plays JK and P4 declines
    Then the legal moves are take 6C
    When P4 takes 6C
    Then the cards out of play include JK, JK
    And P4 holds 6C 5D 7D
    And P2 leads next

  @id:10_ambiguities/amb-15-nothing-is-ever-taken-from-a-trick-led-by-a-joker
  @AMB-15 @R-JOKER-3
  Scenario: AMB-15: nothing is ever taken from a trick led by a Joker
    Given a 3-player table where P1 leads:
      | P1 | JK 2C |
      | P2 | 3D 4D |
      | P3 | 5S 6S |
    When P1 leads JK
    Then P2 may not decline
    And P2 may not take JK
    When P2 plays 3D and P3 plays 5S
    Then P1 wins the trick
    And the events are play P3 5S, trick P1 complete, lead P1 winner

  @id:10_ambiguities/amb-17-ramasse-la-levée-the-winner-s-hand-does-not-grow
  @AMB-17 @R-TRICK-2
  Scenario: AMB-17: "ramasse la levée" — the winner's hand does not grow
    Given a 4-player table where P1 leads:
      | P1 | 2H 2C    |
      | P2 | 9H 3C    |
      | P3 | AH 4C 5C |
      | P4 | 4H 6C    |
    When P1 leads 2H, P2 plays 9H, P3 plays AH and P4 plays 4H
    Then P3 wins the trick
    And P3 holds 2 cards
    And the cards out of play include 2H, 9H, AH, 4H
