Feature: Illegal moves
  A move the rules forbid is refused with a reason code, and the game stays
  exactly as it was: same hands, same trick, same player to move. The player may
  then make a legal move. Every "refused" below also checks that nothing changed.

  @id:09_illegal_moves/bad-action-a-text-that-is-not-an-action
  @R-LEAD-3
  Scenario: bad-action — a text that is not an action
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 9H 3C  |
      | P3 | 10H 4C |
    When P1 sends "8X"
    Then the move is refused with bad-action
    And P1 is to move

  @id:09_illegal_moves/bad-action-take-without-a-card
  @R-DECL-2
  Scenario: bad-action — "take" without a card
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 4C 3C  |
      | P3 | 10H 4D |
    When P1 leads 8H, P2 declines and P2 sends "take"
    Then the move is refused with bad-action
    And P2 must take a card

  @id:09_illegal_moves/game-over-no-move-after-the-end-of-the-game
  @R-END-1
  Scenario: game-over — no move after the end of the game
    Given a 2-player table where P1 leads:
      | P1 | 8H    |
      | P2 | 9H 2C |
    When P1 leads 8H and P2 plays 9H
    Then P2 loses
    When P2 leads 2C
    Then the move is refused with game-over

  @id:09_illegal_moves/not-your-turn-a-player-moves-out-of-turn
  @R-FOLLOW-1
  Scenario: not-your-turn — a player moves out of turn
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 9H 3C  |
      | P3 | 10H 4C |
    When P2 leads 9H
    Then the move is refused with not-your-turn
    And P1 is to move

  @id:09_illegal_moves/not-your-turn-another-player-tries-to-take-for-the-decliner
  @R-DECL-2
  Scenario: not-your-turn — another player tries to take for the decliner
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 4C 3C  |
      | P3 | 10H 4D |
    When P1 leads 8H, P2 declines and P3 takes 8H
    Then the move is refused with not-your-turn
    And P2 must take a card

  @id:09_illegal_moves/card-not-in-hand-a-card-the-player-does-not-hold
  @R-LEAD-3
  Scenario: card-not-in-hand — a card the player does not hold
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 9H 3C  |
      | P3 | 10H 4C |
    When P1 leads AS
    Then the move is refused with card-not-in-hand

  @id:09_illegal_moves/card-not-in-hand-a-joker-the-player-does-not-hold
  @R-MAT-4
  Scenario: card-not-in-hand — a Joker the player does not hold
    Given a 3-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 9H 3C  |
      | P3 | 10H 4C |
    When P1 leads JK
    Then the move is refused with card-not-in-hand

  @id:09_illegal_moves/forced-first-lead-the-first-lead-is-not-the-last-card-dealt-to-the-leader
  @R-LEAD-2 @option:first-lead=forced-last-dealt
  Scenario: forced-first-lead — the first lead is not the last card dealt to the leader
    Given P4 deals a 4-player game from the canonical deck
    Then P1 must lead JK
    When P1 leads 2C
    Then the move is refused with forced-first-lead
    And P1 holds 14 cards

  @id:09_illegal_moves/must-follow-suit-another-suit-while-holding-the-led-suit
  @R-FOLLOW-2
  Scenario: must-follow-suit — another suit while holding the led suit
    Given a 4-player table where P1 leads:
      | P1 | 8D 2C    |
      | P2 | 9D 3C 4S |
      | P3 | 10D 4C   |
      | P4 | JD 5C    |
    When P1 leads 8D and P2 plays 4S
    Then the move is refused with must-follow-suit
    When P2 plays 9D
    Then P3 is to move

  @id:09_illegal_moves/joker-only-when-void-a-joker-while-holding-the-led-suit
  @R-FOLLOW-4
  Scenario: joker-only-when-void — a Joker while holding the led suit
    Given a 3-player table where P1 leads:
      | P1 | 8D 2C    |
      | P2 | 9D JK    |
      | P3 | 10D 4C   |
    When P1 leads 8D and P2 plays JK
    Then the move is refused with joker-only-when-void
    And the trick on the table is P1 8D

  @id:09_illegal_moves/off-suit-card-a-void-player-plays-a-card-of-another-suit
  @R-FOLLOW-5 @AMB-22
  Scenario: off-suit-card — a void player plays a card of another suit
    Given a 3-player table where P1 leads:
      | P1 | 8D 2C    |
      | P2 | 3C 4S JK |
      | P3 | 10D 4C   |
    When P1 leads 8D and P2 plays 4S
    Then the move is refused with off-suit-card
    And the legal moves are JK, decline

  @id:09_illegal_moves/cannot-decline-declining-while-holding-the-led-suit
  @R-FOLLOW-4
  Scenario: cannot-decline — declining while holding the led suit
    Given a 3-player table where P1 leads:
      | P1 | 8D 2C    |
      | P2 | 9D 3C    |
      | P3 | 10D 4C   |
    When P1 leads 8D and P2 declines
    Then the move is refused with cannot-decline

  @id:09_illegal_moves/cannot-decline-the-leader-declines
  @R-LEAD-3
  Scenario: cannot-decline — the leader declines
    Given a 3-player table where P2 leads:
      | P1 | 8D 2C    |
      | P2 | 9D 3C    |
      | P3 | 10D 4C   |
    When P2 declines
    Then the move is refused with cannot-decline
    And P2 is to move

  @id:09_illegal_moves/cannot-decline-declining-a-trick-led-by-a-joker
  @R-JOKER-3
  Scenario: cannot-decline — declining a trick led by a Joker
    Given a 3-player table where P1 leads:
      | P1 | JK 2C    |
      | P2 | 9D 3C    |
      | P3 | 10D 4C   |
    When P1 leads JK and P2 declines
    Then the move is refused with cannot-decline

  @id:09_illegal_moves/must-take-the-decliner-plays-a-card-instead-of-taking
  @R-DECL-2
  Scenario: must-take — the decliner plays a card instead of taking
    Given a 3-player table where P1 leads:
      | P1 | 8D 2C    |
      | P2 | 3C JK    |
      | P3 | 10D 4C   |
    When P1 leads 8D, P2 declines and P2 plays JK
    Then the move is refused with must-take

  @id:09_illegal_moves/must-take-the-decliner-declines-again
  @R-DECL-2
  Scenario: must-take — the decliner declines again
    Given a 3-player table where P1 leads:
      | P1 | 8D 2C    |
      | P2 | 3C 4C    |
      | P3 | 10D 4H   |
    When P1 leads 8D, P2 declines and P2 declines
    Then the move is refused with must-take

  @id:09_illegal_moves/no-take-pending-taking-a-card-when-nobody-declined
  @R-DECL-2
  Scenario: no-take-pending — taking a card when nobody declined
    Given a 3-player table where P1 leads:
      | P1 | 8D 2C    |
      | P2 | 9D 3C    |
      | P3 | 10D 4C   |
    When P1 leads 8D, P2 plays 9D and P3 takes 8D
    Then the move is refused with no-take-pending

  @id:09_illegal_moves/card-not-in-trick-taking-a-card-that-is-not-in-the-trick
  @R-DECL-2
  Scenario: card-not-in-trick — taking a card that is not in the trick
    Given a 3-player table where P1 leads:
      | P1 | 8D 2C    |
      | P2 | 3C 4C    |
      | P3 | 10D 4H   |
    When P1 leads 8D, P2 declines and P2 takes 2C
    Then the move is refused with card-not-in-trick

  @id:09_illegal_moves/cannot-take-joker-taking-the-joker-of-the-trick
  @R-DECL-3
  Scenario: cannot-take-joker — taking the Joker of the trick
    Given a 4-player table where P1 leads:
      | P1 | 8D 2C    |
      | P2 | JK 3C    |
      | P3 | 4C 5C    |
      | P4 | 10D 4H   |
    When P1 leads 8D, P2 plays JK, P3 declines and P3 takes JK
    Then the move is refused with cannot-take-joker
    When P3 takes 8D
    Then P2 leads next
