Feature: The first lead
  The player on the dealer's right leads the first trick of a game. Following the
  Persian text (FA), the kit rules that he must lead the last card dealt to him;
  the French text only says that "a player" leads a first card, so an
  implementation may offer the option first-lead=free, where he leads any card.
  Once the first card is down, every later leader leads any card of his hand,
  a Joker included, and no leader may decline to lead.

  @id:02_first_lead/the-first-lead-must-be-the-last-card-dealt-to-the-leader-even-a-joker
  @R-LEAD-1 @R-LEAD-2 @AMB-1 @option:first-lead=forced-last-dealt
  Scenario: The first lead must be the last card dealt to the leader, even a Joker
    With the canonical deck and P1 dealing, the last card dealt (the 53rd, a Joker)
    goes to P2, who must open the game with it.
    Given P1 deals a 4-player game from the canonical deck
    Then P2 must lead JK
    When P2 leads 2C
    Then the move is refused with forced-first-lead

  @id:02_first_lead/a-forced-joker-lead-wins-the-first-trick-the-winner-then-leads-freely
  @R-LEAD-2 @R-JOKER-3 @R-LEAD-3 @option:first-lead=forced-last-dealt
  Scenario: A forced Joker lead wins the first trick; the winner then leads freely
    Given P1 deals a 4-player game from the canonical deck
    When P2 leads JK, P3 plays 3C, P4 plays AH and P1 plays 2S
    Then P2 wins the trick
    And P2 leads next
    And P2 may lead 2C
    And P2 may lead QH

  @id:02_first_lead/three-players-p2-deals-the-reversed-deck-p3-must-lead-4c
  @R-LEAD-2 @option:first-lead=forced-last-dealt
  Scenario: Three players, P2 deals the reversed deck: P3 must lead 4C
    Given P2 deals a 3-player game from the reversed deck
    Then P3 must lead 4C
    When P3 leads JK
    Then the move is refused with forced-first-lead
    When P3 leads 4C
    Then the trick on the table is P3 4C

  @id:02_first_lead/five-players-p3-deals-p4-must-lead-ks
  @R-LEAD-2 @option:first-lead=forced-last-dealt
  Scenario: Five players, P3 deals: P4 must lead KS
    Given P3 deals a 5-player game from the canonical deck
    Then P4 must lead KS

  @id:02_first_lead/six-players-the-last-seat-deals-p1-must-lead-7c
  @R-LEAD-2 @option:first-lead=forced-last-dealt
  Scenario: Six players, the last seat deals: P1 must lead 7C
    Given P6 deals a 6-player game from the reversed deck
    Then P1 must lead 7C
    And P1 holds JK 10S 4S JH 5H QD 6D KC 7C

  @id:02_first_lead/under-first-lead-free-the-first-leader-leads-any-card
  @R-LEAD-1 @R-LEAD-2 @AMB-1 @option:first-lead=free
  Scenario: Under first-lead=free the first leader leads any card
    Given P1 deals a 4-player game from the canonical deck
    Then P2 may lead 2C
    And P2 may lead QH
    When P2 leads 2C
    Then the trick on the table is P2 2C
    And P3 is to move

  @id:02_first_lead/nobody-but-the-player-on-the-dealer-s-right-may-open-the-game
  @R-LEAD-1
  Scenario: Nobody but the player on the dealer's right may open the game
    Given P1 deals a 4-player game from the canonical deck
    Then P2 is to move
    When P3 leads 3C
    Then the move is refused with not-your-turn

  @id:02_first_lead/with-two-players-the-non-dealer-opens
  @R-LEAD-1
  Scenario: With two players the non-dealer opens
    Given P2 deals a 2-player game from the canonical deck
    Then P1 is to move
    When P2 leads 3C
    Then the move is refused with not-your-turn

  @id:02_first_lead/a-leader-may-not-decline-to-lead
  @R-LEAD-3
  Scenario: A leader may not decline to lead
    Given a 3-player table where P1 leads:
      | P1 | 2C 9H |
      | P2 | 3C    |
      | P3 | 4C    |
    When P1 declines
    Then the move is refused with cannot-decline

  @id:02_first_lead/later-leads-are-free-the-forced-card-binds-only-the-first-lead-of-a-game
  @R-LEAD-3 @R-LEAD-2
  Scenario: Later leads are free: the forced card binds only the first lead of a game
    Given a 3-player table where P1 leads:
      | P1 | 2C 9H JK |
      | P2 | 3C       |
      | P3 | 4C       |
    Then the legal moves are 2C, 9H, JK

  @id:02_first_lead/a-leader-may-lead-a-joker
  @R-LEAD-3
  Scenario: A leader may lead a Joker
    Given a 3-player table where P1 leads:
      | P1 | 2C JK |
      | P2 | 3C 5D |
      | P3 | 4C 6D |
    When P1 leads JK
    Then the trick on the table is P1 JK
    And P2 is to move
