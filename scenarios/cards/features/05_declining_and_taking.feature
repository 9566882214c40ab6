Feature: Declining and taking
  A player who holds no card of the led suit and will not (or cannot) play a
  Joker declines: the trick ends at once — the players after him do not play to
  it — and he must take exactly one card of the trick into his hand, of his
  choice, but never a Joker. The other cards, Jokers included, are turned face
  down and leave play. The player who played the highest card leads the next
  trick, even if that very card was taken.

  @id:05_declining_and_taking/a-decline-ends-the-trick-at-once-the-players-after-him-do-not-play
  @R-DECL-1 @AMB-21
  Scenario: A decline ends the trick at once: the players after him do not play
    FR's "met fin au tour de jeu" ends the trick (the "tour"), not the game.
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 3C 4C  |
      | P3 | 9H 5C  |
      | P4 | 10H 6C |
    When P1 leads 8H and P2 declines
    Then P2 must take a card
    When P2 takes 8H
    Then the events are take P2 8H, trick P1 incomplete, lead P1 winner
    And P3 holds 9H 5C
    And P4 holds 10H 6C

  @id:05_declining_and_taking/without-a-decline-every-player-plays-to-the-trick
  @R-DECL-1 @R-FOLLOW-1
  Scenario: Without a decline, every player plays to the trick
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 2H 4C  |
      | P3 | 9H 5C  |
      | P4 | 10H 6C |
    When P1 leads 8H, P2 plays 2H, P3 plays 9H and P4 plays 10H
    Then P4 wins the trick
    And the events are play P4 10H, trick P4 complete, lead P4 winner

  @id:05_declining_and_taking/the-decliner-chooses-which-card-of-the-trick-to-take
  @R-DECL-2
  Scenario: The decliner chooses which card of the trick to take
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 2H 4C  |
      | P3 | 5C 6C  |
      | P4 | 10H 7C |
    When P1 leads 8H, P2 plays 2H and P3 declines
    Then the legal moves are take 8H, take 2H
    When P3 takes 2H
    Then P3 holds 2H 5C 6C
    And the cards out of play include 8H

  @id:05_declining_and_taking/a-decliner-must-take-a-card-before-anything-else-happens
  @R-DECL-2
  Scenario: A decliner must take a card before anything else happens
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | 4C 5C |
      | P3 | 9H 6C |
    When P1 leads 8H, P2 declines and P2 plays 4C
    Then the move is refused with must-take
    And P2 must take a card

  @id:05_declining_and_taking/only-the-decliner-takes-and-only-after-declining
  @R-DECL-2
  Scenario: Only the decliner takes, and only after declining
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | 9H 5C |
      | P3 | 10H 6C |
    When P1 leads 8H and P2 takes 8H
    Then the move is refused with no-take-pending

  @id:05_declining_and_taking/the-decliner-may-take-only-a-card-that-is-in-the-trick
  @R-DECL-2
  Scenario: The decliner may take only a card that is in the trick
    Given a 3-player table where P1 leads:
      | P1 | 8H 9H 2C |
      | P2 | 4C 5C    |
      | P3 | 10H 6C   |
    When P1 leads 8H, P2 declines and P2 takes 9H
    Then the move is refused with card-not-in-trick

  @id:05_declining_and_taking/the-decliner-may-not-take-a-joker
  @R-DECL-3
  Scenario: The decliner may not take a Joker
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | JK 3C  |
      | P3 | 4C 5C  |
      | P4 | 10H 6C |
    When P1 leads 8H, P2 plays JK and P3 declines
    Then the legal moves are take 8H
    And P3 may not take JK
    When P3 takes 8H
    Then P2 wins the trick
    And P2 leads next
    And the cards out of play include JK

  @id:05_declining_and_taking/a-trick-of-a-lead-and-a-joker-leaves-exactly-one-card-to-take
  @R-DECL-3 @R-DECL-2
  Scenario: A trick of a lead and a Joker leaves exactly one card to take
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | JK 3C |
      | P3 | 4C 5C |
    When P1 leads 8H, P2 plays JK and P3 declines
    And P3 takes JK
    Then the move is refused with cannot-take-joker
    And P3 must take a card

  @id:05_declining_and_taking/jokers-of-an-ended-trick-are-turned-down-the-taken-card-is-in-the-taker-s-hand
  @R-DECL-4 @AMB-14
  Scenario: Jokers of an ended trick are turned down; the taken card is in the taker's hand
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | JK 3C  |
      | P3 | 9H 4C  |
      | P4 | 5C 6C  |
    When P1 leads 8H, P2 plays JK, P3 plays 9H and P4 declines
    And P4 takes 9H
    Then P4 holds 9H 5C 6C
    And the cards out of play include JK, 8H
    And the cards out of play do not include 9H
    And the trick on the table is empty
    And P2 leads next

  @id:05_declining_and_taking/after-a-decline-the-trick-s-other-cards-are-out-of-play-for-good
  @R-DECL-4
  Scenario: After a decline the trick's other cards are out of play for good
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 9H 3C  |
      | P3 | 4C 5C  |
    When P1 leads 8H, P2 plays 9H and P3 declines
    And P3 takes 8H
    Then the cards out of play include 9H
    And the cards out of play do not include 8H
    And P3 holds 8H 4C 5C
    And P2 holds 3C

  @id:05_declining_and_taking/taking-the-card-that-was-winning-the-trick-its-player-still-leads
  @R-NEXT-2
  Scenario: Taking the card that was winning the trick: its player still leads
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | KH 3C  |
      | P3 | 4C 5C  |
      | P4 | 10H 6C |
    When P1 leads 8H, P2 plays KH and P3 declines
    And P3 takes KH
    Then P2 wins the trick
    And P2 leads next
    And P3 holds KH 4C 5C
    And the events are take P3 KH, trick P2 incomplete, lead P2 winner

  @id:05_declining_and_taking/the-leader-s-card-was-highest-and-taken-the-leader-leads-again
  @R-NEXT-2 @R-NEXT-1
  Scenario: The leader's card was highest and taken: the leader leads again
    Given a 3-player table where P1 leads:
      | P1 | AH 2C |
      | P2 | 4C 5C |
      | P3 | 9H 6C |
    When P1 leads AH, P2 declines and P2 takes AH
    Then P1 leads next
    And P2 holds AH 4C 5C
