Feature: The end of a trick and the next leader
  The highest card of a trick is the first Joker played to it, otherwise the
  highest card of the led suit. When everyone has played, the trick is turned
  face down and leaves play; nothing is added to anyone's hand. The player of the
  highest card leads the next trick with any card. If he has just played his last
  card, the lead goes to whoever played the highest card regardless of suit among
  the players of the trick who still hold cards (a Joker above all); if two such
  cards are of equal rank, the tied player nearest to the previous leader,
  counting to his right, leads (rule option tie-break). If nobody who played to a
  trick ended by a decline still holds a card, the player who took a card leads.

  @id:06_trick_end_and_next_leader/a-complete-trick-leaves-play-nothing-is-added-to-the-winner-s-hand
  @R-TRICK-2 @AMB-17
  Scenario: A complete trick leaves play: nothing is added to the winner's hand
    The French "ramasse la levée" means the winner gathers the cards off the table,
    not into his hand.
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C     |
      | P2 | 9H 3C     |
      | P3 | 10H 4C 5C |
    When P1 leads 8H, P2 plays 9H and P3 plays 10H
    Then P3 wins the trick
    And P3 holds 4C 5C
    And the cards out of play include 8H, 9H, 10H
    And the trick on the table is empty

  @id:06_trick_end_and_next_leader/the-highest-card-of-the-led-suit-wins-wherever-it-was-played
  @R-TRICK-1
  Scenario: The highest card of the led suit wins, wherever it was played
    Given a 4-player table where P1 leads:
      | P1 | 10S 2C |
      | P2 | 9S 3C  |
      | P3 | QS 4C  |
      | P4 | JS 5C  |
    When P1 leads 10S, P2 plays 9S, P3 plays QS and P4 plays JS
    Then P3 wins the trick
    And P3 leads next

  @id:06_trick_end_and_next_leader/the-leader-wins-his-own-trick-when-nobody-beats-him
  @R-TRICK-1 @R-NEXT-1
  Scenario: The leader wins his own trick when nobody beats him
    Given a 3-player table where P1 leads:
      | P1 | AD 2C |
      | P2 | 9D 3C |
      | P3 | 2D 4C |
    When P1 leads AD, P2 plays 9D and P3 plays 2D
    Then P1 wins the trick
    And P1 leads next

  @id:06_trick_end_and_next_leader/the-winner-leads-the-next-trick-with-any-card-of-his-hand
  @R-NEXT-1
  Scenario: The winner leads the next trick with any card of his hand
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C      |
      | P2 | 9H 3C      |
      | P3 | 10H 4C JK 5D |
    When P1 leads 8H, P2 plays 9H and P3 plays 10H
    Then P3 leads next
    And the legal moves are 4C, 5D, JK

  @id:06_trick_end_and_next_leader/the-winner-went-out-the-highest-remaining-card-of-the-trick-leads
  @R-NEXT-3 @R-OUT-2
  Scenario: The winner went out: the highest remaining card of the trick leads
    Given a 4-player table where P1 leads:
      | P1 | AH    |
      | P2 | 9H 2C |
      | P3 | KH 3C |
      | P4 | 2H 4C |
    When P1 leads AH, P2 plays 9H, P3 plays KH and P4 plays 2H
    Then P1 wins the trick
    And the events are play P4 2H, trick P1 complete, lead P3 highest-remaining
    And P3 leads next

  @id:06_trick_end_and_next_leader/a-joker-led-as-the-leader-s-last-card-highest-card-regardless-of-suit-leads
  @R-NEXT-3 @R-JOKER-3
  Scenario: A Joker led as the leader's last card: highest card regardless of suit leads
    Given a 4-player table where P1 leads:
      | P1 | JK    |
      | P2 | KH 2C |
      | P3 | 5C 3D |
      | P4 | QS 4D |
    When P1 leads JK, P2 plays KH, P3 plays 5C and P4 plays QS
    Then P1 wins the trick
    And P2 leads next

  @id:06_trick_end_and_next_leader/regardless-of-suit-a-king-of-another-suit-beats-a-queen
  @R-NEXT-3 @AMB-19
  Scenario: Regardless of suit: a King of another suit beats a Queen
    The lead goes to the player who played the highest card, not to whoever
    now holds the highest card in his hand.
    Given a 4-player table where P1 leads:
      | P1 | JK    |
      | P2 | 3C 2C |
      | P3 | QS 3D |
      | P4 | KH 4D |
    When P1 leads JK, P2 plays 3C, P3 plays QS and P4 plays KH
    Then P4 leads next
    And the events are play P4 KH, trick P1 complete, lead P4 highest-remaining

  @id:06_trick_end_and_next_leader/the-winner-went-out-in-a-declined-trick-the-other-player-of-the-trick-leads
  @R-NEXT-3 @R-DECL-2
  Scenario: The winner went out in a declined trick: the other player of the trick leads
    Given a 3-player table where P1 leads:
      | P1 | AH    |
      | P2 | 3H 2C |
      | P3 | 4C 5C |
    When P1 leads AH, P2 plays 3H and P3 declines
    And P3 takes AH
    Then P2 leads next
    And P3 holds AH 4C 5C

  @id:06_trick_end_and_next_leader/a-tie-after-the-winner-went-out-the-tied-player-nearest-the-previous-leader
  @R-NEXT-4 @AMB-5 @option:tie-break=tied-nearest
  Scenario: A tie after the winner went out: the tied player nearest the previous leader
    P3 and P4 both played a King; P3 is nearer to P1 counting to the right.
    Given a 4-player table where P1 leads:
      | P1 | JK    |
      | P2 | 3C 2D |
      | P3 | KH 4D |
      | P4 | KS 5D |
    When P1 leads JK, P2 plays 3C, P3 plays KH and P4 plays KS
    Then P3 leads next
    And the events are play P4 KS, trick P1 complete, lead P3 tie-break

  @id:06_trick_end_and_next_leader/under-tie-break-any-nearest-the-nearest-remaining-player-leads-tied-or-not
  @R-NEXT-4 @AMB-5 @option:tie-break=any-nearest
  Scenario: Under tie-break=any-nearest the nearest remaining player leads, tied or not
    FA read literally hands the lead to the nearest player to the right of the
    previous leader who still holds a card: P2, although his card is low.
    Given a 4-player table where P1 leads:
      | P1 | JK    |
      | P2 | 3C 2D |
      | P3 | KH 4D |
      | P4 | KS 5D |
    When P1 leads JK, P2 plays 3C, P3 plays KH and P4 plays KS
    Then P2 leads next

  @id:06_trick_end_and_next_leader/a-tie-whose-nearest-tied-player-is-also-the-nearest-player-both-readings-agree
  @R-NEXT-4
  Scenario: A tie whose nearest tied player is also the nearest player: both readings agree
    Given a 4-player table where P1 leads:
      | P1 | JK    |
      | P2 | KH 2D |
      | P3 | KS 4D |
      | P4 | 3C 5D |
    When P1 leads JK, P2 plays KH, P3 plays KS and P4 plays 3C
    Then P2 leads next

  @id:06_trick_end_and_next_leader/counting-to-the-right-goes-round-the-table-five-players-p3-led
  @R-NEXT-4 @AMB-5 @option:tie-break=tied-nearest
  Scenario: Counting to the right goes round the table (five players, P3 led)
    Given a 5-player table where P3 leads:
      | P3 | JK    |
      | P4 | 2C 2D |
      | P5 | KH 3D |
      | P1 | KS 4D |
      | P2 | 4C 5D |
    When P3 leads JK, P4 plays 2C, P5 plays KH, P1 plays KS and P2 plays 4C
    Then P5 leads next

  @id:06_trick_end_and_next_leader/counting-to-the-right-goes-round-the-table-any-nearest-reading
  @R-NEXT-4 @AMB-5 @option:tie-break=any-nearest
  Scenario: Counting to the right goes round the table, any-nearest reading
    Given a 5-player table where P3 leads:
      | P3 | JK    |
      | P4 | 2C 2D |
      | P5 | KH 3D |
      | P1 | KS 4D |
      | P2 | 4C 5D |
    When P3 leads JK, P4 plays 2C, P5 plays KH, P1 plays KS and P2 plays 4C
    Then P4 leads next

  @id:06_trick_end_and_next_leader/the-nearest-tied-player-may-sit-past-the-last-seat
  @R-NEXT-4 @option:tie-break=tied-nearest
  Scenario: The nearest tied player may sit past the last seat
    Given a 5-player table where P4 leads:
      | P4 | JK    |
      | P5 | 3C 2D |
      | P1 | KH 3D |
      | P2 | 5D 4D |
      | P3 | KS 6D |
    When P4 leads JK, P5 plays 3C, P1 plays KH, P2 plays 5D and P3 plays KS
    Then P1 leads next

  @id:06_trick_end_and_next_leader/the-first-joker-s-player-went-out-the-second-joker-s-player-leads
  @R-NEXT-6 @AMB-13 @R-JOKER-4
  Scenario: The first Joker's player went out: the second Joker's player leads
    Given a 4-player table where P1 leads:
      | P1 | 5S 2C |
      | P2 | JK    |
      | P3 | JK 3C |
      | P4 | 2S 4C |
    When P1 leads 5S, P2 plays JK, P3 plays JK and P4 plays 2S
    Then P2 wins the trick
    And P3 leads next
    And the events are play P4 2S, trick P2 complete, lead P3 highest-remaining

  @id:06_trick_end_and_next_leader/both-jokers-players-went-out-the-highest-remaining-card-leads
  @R-NEXT-6 @option:no-loser=all-remaining
  Scenario: Both Jokers' players went out: the highest remaining card leads
    Given a 4-player table where P1 leads:
      | P1 | 5S 2C |
      | P2 | JK    |
      | P3 | JK    |
      | P4 | 2S 4C |
    When P1 leads 5S, P2 plays JK, P3 plays JK and P4 plays 2S
    Then P1 leads next

  @id:06_trick_end_and_next_leader/nobody-of-an-ended-trick-holds-a-card-the-taker-leads
  @R-NEXT-5 @AMB-6
  Scenario: Nobody of an ended trick holds a card: the taker leads
    P1 led his last card and P2 declined; P1, the only player of the trick, is
    out, so the lead passes to the right — to P2, who took the card.
    Given a 3-player table where P1 leads:
      | P1 | 5H    |
      | P2 | 2C    |
      | P3 | 3C 4C |
    When P1 leads 5H, P2 declines and P2 takes 5H
    Then P2 leads next
    And the events are take P2 5H, trick P1 incomplete, lead P2 taker

  @id:06_trick_end_and_next_leader/everyone-in-an-incomplete-trick-went-out-the-taker-leads
  @R-NEXT-5 @AMB-6 @option:no-loser=all-remaining
  Scenario: Everyone in an incomplete trick went out: the taker leads
    Given a 4-player table where P1 leads:
      | P1 | 5H    |
      | P2 | 9H    |
      | P3 | 2C 3C |
      | P4 | 4C 5C |
    When P1 leads 5H, P2 plays 9H and P3 declines
    And P3 takes 9H
    Then P2 wins the trick
    And P3 leads next
    And P3 holds 9H 2C 3C

  @id:06_trick_end_and_next_leader/the-taker-does-not-lead-while-a-player-of-the-trick-still-holds-a-card
  @R-NEXT-5 @R-NEXT-3
  Scenario: The taker does not lead while a player of the trick still holds a card
    Given a 4-player table where P1 leads:
      | P1 | 5H    |
      | P2 | 9H 6C |
      | P3 | 2C 3C |
      | P4 | 4C 5C |
    When P1 leads 5H, P2 plays 9H and P3 declines
    And P3 takes 5H
    Then P2 leads next
