Feature: Following
  After the lead, each other player who still holds cards plays one card, in
  counter-clockwise order. A player who holds a card of the led suit must play
  one — any one: he need not beat the cards already played. The suit to follow
  is always that of the first card of the trick. A player who holds none of the
  led suit may play a Joker, or decline to play (see "Declining and taking"); he
  may not play a card of another suit. A player who could follow may neither play
  a Joker nor decline.

  @id:03_following/play-goes-round-counter-clockwise-one-card-each
  @R-FOLLOW-1 @R-MAT-5
  Scenario: Play goes round counter-clockwise, one card each
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | 9H 3C |
      | P3 | 10H 4C |
      | P4 | JH 5C |
    When P1 leads 8H
    Then P2 is to move
    When P2 plays 9H
    Then P3 is to move
    When P3 plays 10H
    Then P4 is to move
    When P4 plays JH
    Then P4 wins the trick
    And the events are play P4 JH, trick P4 complete, lead P4 winner

  @id:03_following/a-player-may-not-play-out-of-turn
  @R-FOLLOW-1
  Scenario: A player may not play out of turn
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | 9H 3C |
      | P3 | 10H 4C |
      | P4 | JH 5C |
    When P1 leads 8H and P3 plays 10H
    Then the move is refused with not-your-turn

  @id:03_following/a-player-plays-only-once-to-a-trick-the-leader-may-not-play-again
  @R-FOLLOW-1
  Scenario: A player plays only once to a trick: the leader may not play again
    Given a 3-player table where P1 leads:
      | P1 | 8H 9H |
      | P2 | 2H 3C |
      | P3 | 4H 5C |
    When P1 leads 8H, P2 plays 2H and P1 plays 9H
    Then the move is refused with not-your-turn
    And P3 is to move

  @id:03_following/a-player-holding-the-led-suit-must-follow-it
  @R-FOLLOW-2
  Scenario: A player holding the led suit must follow it
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C 3C |
      | P2 | 9H 4C 5C |
      | P3 | 10H 6C 7C |
    When P1 leads 8H and P2 plays 4C
    Then the move is refused with must-follow-suit
    And P2 holds 9H 4C 5C

  @id:03_following/following-suit-without-beating-a-low-card-is-fine
  @R-FOLLOW-2
  Scenario: Following suit without beating: a low card is fine
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C   |
      | P2 | 9H 4C   |
      | P3 | 2H KH 6C |
    When P1 leads 8H and P2 plays 9H
    Then the legal moves are 2H, KH
    When P3 plays 2H
    Then P2 wins the trick
    And P2 leads next

  @id:03_following/only-the-led-suit-binds-the-follower-s-other-suits-are-free-later
  @R-FOLLOW-2
  Scenario: Only the led suit binds: the follower's other suits are free later
    Given a 3-player table where P1 leads:
      | P1 | 8C 2D   |
      | P2 | 9C 4S   |
      | P3 | 10C 6H  |
    When P1 leads 8C, P2 plays 9C and P3 plays 10C
    Then P3 leads next
    And P3 may lead 6H

  @id:03_following/the-suit-to-follow-stays-the-suit-of-the-first-card-after-a-joker
  @R-FOLLOW-3 @AMB-10
  Scenario: The suit to follow stays the suit of the first card, after a Joker
    FA's worked example: after 8♥, 5♥, K♥ and a Joker, the next player must play a
    heart — not "the suit of the previous card", which a Joker does not have.
    Given a 5-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | 5H 3C |
      | P3 | KH 4C |
      | P4 | JK 5C |
      | P5 | 6H 6C |
    When P1 leads 8H, P2 plays 5H, P3 plays KH, P4 plays JK and P5 plays 6C
    Then the move is refused with must-follow-suit
    When P5 plays 6H
    Then P4 wins the trick

  @id:03_following/after-a-joker-lead-the-cards-played-next-set-no-suit-to-follow
  @R-FOLLOW-3 @R-JOKER-3 @AMB-10
  Scenario: After a Joker lead, the cards played next set no suit to follow
    The suit to follow is the first card's, and a led Joker has none: every player
    may play any card, whatever the players before him played.
    Given a 3-player table where P1 leads:
      | P1 | JK 2C    |
      | P2 | 5H 3C    |
      | P3 | 9H 4C 7S |
    When P1 leads JK and P2 plays 5H
    Then the legal moves are 4C, 7S, 9H
    When P3 plays 4C
    Then P1 wins the trick

  @id:03_following/after-a-joker-a-player-void-in-the-led-suit-may-still-decline
  @R-FOLLOW-3
  Scenario: After a Joker, a player void in the led suit may still decline
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | JK 3C |
      | P3 | 4C 5C |
      | P4 | 9H 6C |
    When P1 leads 8H, P2 plays JK and P3 declines
    Then P3 must take a card

  @id:03_following/a-player-who-can-follow-may-not-play-a-joker-instead
  @R-FOLLOW-4 @AMB-11
  Scenario: A player who can follow may not play a Joker instead
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | 9H JK |
      | P3 | 10H 4C |
    When P1 leads 8H and P2 plays JK
    Then the move is refused with joker-only-when-void
    And P2 may not play JK

  @id:03_following/a-player-who-can-follow-may-not-decline
  @R-FOLLOW-4 @AMB-12
  Scenario: A player who can follow may not decline
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | 9H 3C |
      | P3 | 10H 4C |
    When P1 leads 8H and P2 declines
    Then the move is refused with cannot-decline
    And P2 may not decline

  @id:03_following/holding-one-card-of-the-led-suit-is-enough-to-be-bound
  @R-FOLLOW-4
  Scenario: Holding one card of the led suit is enough to be bound
    Given a 3-player table where P1 leads:
      | P1 | 8D 2C       |
      | P2 | 2D JK AS KS |
      | P3 | 10D 4C      |
    When P1 leads 8D
    Then the legal moves are 2D

  @id:03_following/a-player-void-in-the-led-suit-may-play-a-joker-or-decline
  @R-FOLLOW-5
  Scenario: A player void in the led suit may play a Joker or decline
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | JK 3C |
      | P3 | 10H 4C |
    When P1 leads 8H
    Then the legal moves are JK, decline
    And P2 may play JK
    And P2 may decline

  @id:03_following/a-player-void-in-the-led-suit-may-not-play-another-suit
  @R-FOLLOW-5
  Scenario: A player void in the led suit may not play another suit
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C |
      | P2 | JK 3C |
      | P3 | 10H 4C |
    When P1 leads 8H and P2 plays 3C
    Then the move is refused with off-suit-card
    And P2 holds 3C JK

  @id:03_following/void-and-without-a-joker-declining-is-the-only-move
  @R-FOLLOW-5
  Scenario: Void and without a Joker: declining is the only move
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C   |
      | P2 | 3C 4D 5S |
      | P3 | 10H 4C  |
    When P1 leads 8H
    Then the legal moves are decline
    And P2 may not play 5S
