Feature: Jokers
  A Joker is higher than every other card. A player void in the led suit may play
  one; it does not change the suit to follow. When both Jokers fall in one trick,
  the one played first is the highest card. A Joker may also be led: then every
  other player may play any card of his hand and may not decline, so the trick
  always completes, and the Joker wins it.

  @id:04_jokers/a-joker-beats-an-ace-of-the-led-suit
  @R-JOKER-1
  Scenario: A Joker beats an Ace of the led suit
    Given a 3-player table where P1 leads:
      | P1 | AH 2C |
      | P2 | JK 3C |
      | P3 | 2H 4C |
    When P1 leads AH, P2 plays JK and P3 plays 2H
    Then P2 wins the trick
    And P2 leads next

  @id:04_jokers/without-a-joker-the-ace-of-the-led-suit-is-the-highest-card
  @R-JOKER-1 @R-TRICK-1
  Scenario: Without a Joker, the Ace of the led suit is the highest card
    Given a 3-player table where P1 leads:
      | P1 | KH 2C |
      | P2 | AH 3C |
      | P3 | 2H JK |
    When P1 leads KH, P2 plays AH and P3 plays 2H
    Then P2 wins the trick

  @id:04_jokers/after-a-joker-the-next-player-still-follows-the-led-suit
  @R-JOKER-2
  Scenario: After a Joker the next player still follows the led suit
    Given a 4-player table where P1 leads:
      | P1 | 8S 2C |
      | P2 | JK 3C |
      | P3 | 9S 4C |
      | P4 | 5D 10S |
    When P1 leads 8S and P2 plays JK
    Then the legal moves are 9S
    When P3 plays 9S
    Then the legal moves are 10S
    When P4 plays 10S
    Then P2 wins the trick

  @id:04_jokers/after-a-joker-a-card-of-the-joker-player-s-other-suit-is-still-off-suit
  @R-JOKER-2
  Scenario: After a Joker, a card of the Joker-player's other suit is still off-suit
    Given a 3-player table where P1 leads:
      | P1 | 8S 2C |
      | P2 | JK 3C |
      | P3 | 4C 5C |
    When P1 leads 8S, P2 plays JK and P3 plays 4C
    Then the move is refused with off-suit-card

  @id:04_jokers/both-jokers-in-one-trick-the-first-one-played-wins
  @R-JOKER-4 @R-MAT-4
  Scenario: Both Jokers in one trick: the first one played wins
    Given a 4-player table where P1 leads:
      | P1 | 5S 2C |
      | P2 | JK 3C |
      | P3 | JK 4C |
      | P4 | 2S 6C |
    When P1 leads 5S, P2 plays JK, P3 plays JK and P4 plays 2S
    Then P2 wins the trick
    And P2 leads next
    And the cards out of play include JK, JK, 5S, 2S

  @id:04_jokers/a-joker-led-beats-the-second-joker-played-to-it
  @R-JOKER-4 @R-JOKER-3
  Scenario: A Joker led beats the second Joker played to it
    Given a 3-player table where P1 leads:
      | P1 | JK 2C |
      | P2 | JK 3C |
      | P3 | AS 4C |
    When P1 leads JK, P2 plays JK and P3 plays AS
    Then P1 wins the trick
    And P1 leads next

  @id:04_jokers/when-a-joker-is-led-the-others-may-play-any-card
  @R-JOKER-3 @R-JOKER-1
  Scenario: When a Joker is led, the others may play any card
    Given a 3-player table where P1 leads:
      | P1 | JK 2C    |
      | P2 | 3C 9H AS |
      | P3 | 4D KH    |
    When P1 leads JK
    Then the legal moves are 3C, 9H, AS
    When P2 plays AS and P3 plays 4D
    Then P1 wins the trick
    And the events are play P3 4D, trick P1 complete, lead P1 winner

  @id:04_jokers/nobody-may-decline-a-trick-led-by-a-joker-so-nobody-takes-a-card-from-it
  @R-JOKER-3 @AMB-15
  Scenario: Nobody may decline a trick led by a Joker, so nobody takes a card from it
    Given a 3-player table where P1 leads:
      | P1 | JK 2C |
      | P2 | 3C 9H |
      | P3 | 4D KH |
    When P1 leads JK and P2 declines
    Then the move is refused with cannot-decline
    And P2 may not decline

  @id:04_jokers/when-a-joker-is-led-a-player-holding-the-other-joker-may-play-it
  @R-JOKER-3
  Scenario: When a Joker is led, a player holding the other Joker may play it
    Given a 3-player table where P1 leads:
      | P1 | JK 2C |
      | P2 | JK 9H |
      | P3 | 4D KH |
    When P1 leads JK
    Then P2 may play JK
    And P2 may play 9H

  @id:04_jokers/holding-both-jokers-the-void-player-has-one-joker-move
  @R-MAT-4 @R-FOLLOW-5
  Scenario: Holding both Jokers, the void player has one Joker move
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C    |
      | P2 | JK JK 3C |
      | P3 | 10H 4C   |
    When P1 leads 8H
    Then the legal moves are JK, decline
    When P2 plays JK
    Then P2 holds 3C JK

  @id:04_jokers/a-void-player-with-a-joker-may-keep-it-and-decline-instead
  @R-JOKER-1 @R-FOLLOW-5
  Scenario: A void player with a Joker may keep it and decline instead
    Refusing while holding a Joker is allowed: the Joker is an option, not a duty.
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | JK 3C  |
      | P3 | 10H 4C |
    When P1 leads 8H and P2 declines
    Then P2 must take a card
    And P2 holds 3C JK
