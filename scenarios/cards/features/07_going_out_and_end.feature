Feature: Going out and the end of a game
  A player who has no card left is saved and leaves the game; later tricks skip
  him, and a player who leads or plays his last card leaves once he has played
  it, the trick going on without him. Play goes on until only one player holds
  cards: he loses. That is decided when the trick is over (rule option
  end-check), so every player of the trick may still go out in it; if every
  player still in the game plays his last card in the same trick, nobody loses
  (rule option no-loser) — also with two players (rule option two-player-tie).

  @id:07_going_out_and_end/playing-one-s-last-card-the-player-goes-out-at-once
  @R-OUT-1
  Scenario: Playing one's last card: the player goes out at once
    Given a 3-player table where P1 leads:
      | P1 | 8H     |
      | P2 | 9H 2C  |
      | P3 | 10H 3C |
    When P1 leads 8H
    Then the events are play P1 8H, out P1
    And P1 holds no cards
    And P2 is to move

  @id:07_going_out_and_end/a-player-with-cards-left-does-not-go-out
  @R-OUT-1
  Scenario: A player with cards left does not go out
    Given a 3-player table where P1 leads:
      | P1 | 8H 4C  |
      | P2 | 9H 2C  |
      | P3 | 10H 3C |
    When P1 leads 8H
    Then nobody goes out
    And P1 does not go out

  @id:07_going_out_and_end/a-player-who-went-out-earlier-is-skipped
  @R-OUT-2
  Scenario: A player who went out earlier is skipped
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 |        |
      | P3 | 9H 3C  |
      | P4 | 10H 4C |
    When P1 leads 8H
    Then P3 is to move
    When P3 plays 9H and P4 plays 10H
    Then P4 wins the trick
    And P4 leads next

  @id:07_going_out_and_end/a-player-who-went-out-may-not-play-again
  @R-OUT-2
  Scenario: A player who went out may not play again
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 |        |
      | P3 | 9H 3C  |
      | P4 | 10H 4C |
    When P1 leads 8H and P2 plays 9H
    Then the move is refused

  @id:07_going_out_and_end/the-leader-s-last-card-the-trick-goes-on-without-him-and-later-tricks-skip-him
  @R-OUT-2
  Scenario: The leader's last card: the trick goes on without him, and later tricks skip him
    Given a 3-player table where P1 leads:
      | P1 | 8H        |
      | P2 | 9H 2C 6D  |
      | P3 | 10H 3C 4C |
    When P1 leads 8H, P2 plays 9H and P3 plays 10H
    Then P3 leads next
    When P3 leads 3C and P2 plays 2C
    Then P3 wins the trick
    And P3 leads next

  @id:07_going_out_and_end/a-player-who-goes-out-in-the-middle-of-a-trick-the-next-player-plays-on
  @R-OUT-2 @R-FOLLOW-1
  Scenario: A player who goes out in the middle of a trick: the next player plays on
    Given a 4-player table where P1 leads:
      | P1 | 8H 2C  |
      | P2 | 9H     |
      | P3 | 10H 3C |
      | P4 | JH 4C  |
    When P1 leads 8H and P2 plays 9H
    Then P2 goes out
    And P3 is to move
    When P3 plays 10H and P4 plays JH
    Then P4 leads next

  @id:07_going_out_and_end/only-one-player-holds-cards-he-loses
  @R-END-1
  Scenario: Only one player holds cards: he loses
    Given a 3-player table where P1 leads:
      | P1 | 8H        |
      | P2 | 9H 2C     |
      | P3 | 10H 3C 4C |
    When P1 leads 8H, P2 plays 9H and P3 plays 10H
    And P3 leads 3C and P2 plays 2C
    Then P3 loses
    And the game is over

  @id:07_going_out_and_end/two-players-still-hold-cards-the-game-goes-on
  @R-END-1
  Scenario: Two players still hold cards: the game goes on
    Given a 4-player table where P1 leads:
      | P1 | 8H     |
      | P2 | 9H 2C  |
      | P3 | 10H 3C |
      | P4 | JH 4C  |
    When P1 leads 8H, P2 plays 9H, P3 plays 10H and P4 plays JH
    Then the game is not over
    And P4 leads next

  @id:07_going_out_and_end/the-last-holder-loses-after-taking-a-card-from-an-ended-trick
  @R-END-1 @R-DECL-2
  Scenario: The last holder loses after taking a card from an ended trick
    Given a 2-player table where P1 leads:
      | P1 | 8H    |
      | P2 | 2C 3C |
    When P1 leads 8H, P2 declines and P2 takes 8H
    Then P2 loses
    And the events are take P2 8H, trick P1 incomplete, game-over P2

  @id:07_going_out_and_end/after-the-game-is-over-no-move-is-allowed
  @R-END-1
  Scenario: After the game is over no move is allowed
    Given a 2-player table where P1 leads:
      | P1 | 8H    |
      | P2 | 2C 3C |
    When P1 leads 8H, P2 declines and P2 takes 8H
    And P2 leads 2C
    Then the move is refused with game-over

  @id:07_going_out_and_end/the-last-player-of-a-trick-goes-out-together-with-the-others-nobody-loses
  @R-END-2 @R-END-3 @AMB-7 @option:end-check=trick-end
  Scenario: The last player of a trick goes out together with the others: nobody loses
    Everyone still in the game plays his last card in this trick. The game is not
    decided after P2's card: P3 may still play his last card too.
    Given a 3-player table where P1 leads:
      | P1 | 8H  |
      | P2 | 9H  |
      | P3 | 10H |
    When P1 leads 8H and P2 plays 9H
    Then the game is not over
    And P3 is to move
    When P3 plays 10H
    Then nobody loses
    And the events are play P3 10H, out P3, trick P3 complete, game-over nobody

  @id:07_going_out_and_end/under-end-check-each-card-the-game-ends-in-the-middle-of-the-trick
  @R-END-2 @AMB-7 @option:end-check=each-card
  Scenario: Under end-check=each-card the game ends in the middle of the trick
    Given a 3-player table where P1 leads:
      | P1 | 8H  |
      | P2 | 9H  |
      | P3 | 10H |
    When P1 leads 8H and P2 plays 9H
    Then P3 loses
    And the game is over

  @id:07_going_out_and_end/two-players-out-mid-trick-the-third-plays-on-and-keeps-a-card
  @R-END-2 @option:end-check=trick-end
  Scenario: Two players out mid-trick, the third plays on and keeps a card
    Given a 3-player table where P1 leads:
      | P1 | 8H     |
      | P2 | 9H     |
      | P3 | 10H 2C |
    When P1 leads 8H and P2 plays 9H
    Then the game is not over

  @id:07_going_out_and_end/two-go-out-together-while-a-third-keeps-a-card-the-third-loses
  @R-END-3 @AMB-8 @option:no-loser=all-remaining @option:end-check=trick-end
  Scenario: Two go out together while a third keeps a card: the third loses
    Not every player still in the game went out in the trick, so this is no
    simultaneous finish: P3 is the only one left with cards.
    Given a 3-player table where P1 leads:
      | P1 | 8H     |
      | P2 | 9H     |
      | P3 | 10H 2C |
    When P1 leads 8H, P2 plays 9H and P3 plays 10H
    Then P3 loses

  @id:07_going_out_and_end/under-no-loser-two-or-more-two-going-out-together-means-nobody-loses
  @R-END-3 @AMB-8 @option:no-loser=two-or-more @option:end-check=trick-end
  Scenario: Under no-loser=two-or-more, two going out together means nobody loses
    Given a 3-player table where P1 leads:
      | P1 | 8H     |
      | P2 | 9H     |
      | P3 | 10H 2C |
    When P1 leads 8H, P2 plays 9H and P3 plays 10H
    Then nobody loses

  @id:07_going_out_and_end/four-players-two-go-out-together-the-other-two-play-on
  @R-END-3 @AMB-8 @option:no-loser=all-remaining
  Scenario: Four players, two go out together: the other two play on
    Given a 4-player table where P1 leads:
      | P1 | 8H     |
      | P2 | 9H     |
      | P3 | 10H 2C |
      | P4 | JH 3C  |
    When P1 leads 8H, P2 plays 9H, P3 plays 10H and P4 plays JH
    Then the game is not over
    And P4 leads next

  @id:07_going_out_and_end/four-players-two-go-out-together-under-two-or-more-the-game-ends
  @R-END-3 @AMB-8 @option:no-loser=two-or-more
  Scenario: Four players, two go out together: under two-or-more the game ends
    Given a 4-player table where P1 leads:
      | P1 | 8H     |
      | P2 | 9H     |
      | P3 | 10H 2C |
      | P4 | JH 3C  |
    When P1 leads 8H, P2 plays 9H, P3 plays 10H and P4 plays JH
    Then nobody loses
    And the game is over

  @id:07_going_out_and_end/four-players-all-go-out-in-one-trick-nobody-loses
  @R-END-3 @option:end-check=trick-end
  Scenario: Four players all go out in one trick: nobody loses
    Given a 4-player table where P2 leads:
      | P1 | 2H  |
      | P2 | 8H  |
      | P3 | 9H  |
      | P4 | JK  |
    When P2 leads 8H, P3 plays 9H, P4 plays JK and P1 plays 2H
    Then P4 wins the trick
    And nobody loses

  @id:07_going_out_and_end/everyone-who-played-went-out-but-the-decliner-keeps-cards-he-loses
  @R-END-3 @R-DECL-1 @option:no-loser=all-remaining
  Scenario: Everyone who played went out, but the decliner keeps cards: he loses
    Given a 3-player table where P1 leads:
      | P1 | 8H |
      | P2 | 9H |
      | P3 | 2C |
    When P1 leads 8H, P2 plays 9H and P3 declines
    And P3 takes 9H
    Then P3 loses

  @id:07_going_out_and_end/two-players-both-play-their-last-card-in-the-same-trick-nobody-loses
  @R-END-4 @AMB-9 @option:two-player-tie=no-loser @option:end-check=trick-end
  Scenario: Two players both play their last card in the same trick: nobody loses
    Given a 2-player table where P1 leads:
      | P1 | 8H |
      | P2 | 9H |
    When P1 leads 8H and P2 plays 9H
    Then nobody loses

  @id:07_going_out_and_end/under-two-player-tie-last-to-play-loses-the-later-of-the-two-last-cards-loses
  @R-END-4 @AMB-9 @option:two-player-tie=last-to-play-loses @option:end-check=trick-end
  Scenario: Under two-player-tie=last-to-play-loses the later of the two last cards loses
    The French text says a two-player game always has a winner and a loser.
    Given a 2-player table where P1 leads:
      | P1 | 8H |
      | P2 | 9H |
    When P1 leads 8H and P2 plays 9H
    Then P2 loses

  @id:07_going_out_and_end/two-players-only-one-goes-out-the-other-loses-whatever-the-tie-rule
  @R-END-4 @option:end-check=trick-end
  Scenario: Two players, only one goes out: the other loses, whatever the tie rule
    Given a 2-player table where P1 leads:
      | P1 | 8H     |
      | P2 | 9H 2C  |
    When P1 leads 8H and P2 plays 9H
    Then P2 loses
