Feature: Which categories a roll qualifies for
  Ones to Sixes take any roll with a die of their number; a Straight is 1-2-3-4-5,
  2-3-4-5-6 or 3-4-5-6-1; a Full House three of one number and two of another;
  Four of a kind four dice alike (five too); Generala five alike; Double Generala
  a second five alike once Generala is scored. The variations are rule options.

  @id:03_categories/the-wrap-straight
  @D-CAT-2 @AMB-2 @option:straight=wrap
  Scenario: 3-4-5-6-1 is a Straight under the main rule
    A 1 may follow the 6; no number may be missing.
    Given the roll 3 4 5 6 1 on a later roll
    Then it scores 20 in Straight

  @id:03_categories/one-number-missing-is-no-straight-by-default
  @D-CAT-2 @AMB-2 @option:straight=wrap
  Scenario: One number missing is no Straight under the main rule
    Given the roll 1 2 3 4 6 on a later roll
    Then it does not qualify for Straight

  @id:03_categories/plain-straights-only
  @D-CAT-2 @AMB-2 @option:straight=plain @AMB-13 @option:straight-ace-for-two=no
  Scenario: With plain straights only, the wrap is no Straight
    Given the roll 3 4 5 6 1 on a later roll
    Then it does not qualify for Straight

  @id:03_categories/any-five-different-values
  @D-CAT-2 @AMB-2 @option:straight=any-five-distinct
  Scenario: With one number missing allowed, any five different values are a Straight
    Given the roll 1 2 3 5 6 on a later roll
    Then it scores 20 in Straight

  @id:03_categories/a-one-for-a-two
  @D-CAT-3 @AMB-13 @option:straight-ace-for-two=yes
  Scenario: A 1 may stand for a 2
    1-1-3-4-5 reads as 1-2-3-4-5.
    Given the roll 1 1 3 4 5 on a later roll
    Then it scores 20 in Straight

  @id:03_categories/a-one-is-only-a-one
  @D-CAT-3 @AMB-13 @option:straight-ace-for-two=no
  Scenario: Without the variation a 1 is only a 1
    Given the roll 1 1 3 4 5 on a later roll
    Then it does not qualify for Straight

  @id:03_categories/a-one-stands-for-a-two-only
  @D-CAT-3 @AMB-13 @option:straight-ace-for-two=yes
  Scenario: A 1 stands for a 2 and for no other number
    1-1-3-4-5 reads as 1-2-3-4-5; the 1 would have to stand for a 3 in 1-1-2-4-5,
    a 4 in 1-1-2-3-5, a 5 in 1-1-2-3-4.
    Given the roll 1 1 3 4 5 on a later roll
    Then it scores 20 in Straight
    Given the roll 1 1 2 4 5 on a later roll
    Then it does not qualify for Straight
    Given the roll 1 1 2 3 5 on a later roll
    Then it does not qualify for Straight
    Given the roll 1 1 2 3 4 on a later roll
    Then it does not qualify for Straight

  @id:03_categories/the-straight-variations-combine
  @D-CAT-3 @AMB-2 @AMB-13 @option:straight-ace-for-two=yes @option:straight=any-five-distinct
  Scenario: The variations combine, a 1 may stand for the 2 of a straight with one number missing
    1-1-3-4-6 reads as 1-2-3-4-6, a straight with the 5 missing.
    Given the roll 1 1 3 4 6 on a later roll
    Then it scores 20 in Straight

  @id:03_categories/the-straight-variations-apart
  @D-CAT-3 @AMB-13 @option:straight-ace-for-two=alone
  Scenario: Played alone, a 1 stands for a 2 only in a straight with no number missing
    1-1-3-4-6 is no Straight, whatever the option straight allows.
    Given the roll 1 1 3 4 6 on a later roll
    Then it does not qualify for Straight
    Given the roll 1 1 3 4 5 on a later roll
    Then it scores 20 in Straight

  @id:03_categories/a-full-house-needs-two-numbers
  @D-CAT-4 @AMB-5 @option:full-house-five=no
  Scenario: A Full House needs two different numbers
    Given the roll 5 5 5 3 3 on a later roll
    Then it scores 30 in Full House
    Given the roll 5 5 5 5 5 on a later roll
    Then it does not qualify for Full House

  @id:03_categories/five-of-a-kind-is-a-full-house
  @D-CAT-4 @AMB-5 @option:full-house-five=yes
  Scenario: Under the variation, five of a kind is a Full House
    Given the roll 5 5 5 5 5 on a later roll
    Then it scores 30 in Full House

  @id:03_categories/five-of-a-kind-is-a-four-of-a-kind
  @D-CAT-5 @AMB-5 @option:four-of-a-kind-five=yes
  Scenario: Five of a kind may go in Four of a kind
    The text says so of 3-3-3-3-3.
    Given the roll 3 3 3 3 3 on a later roll
    Then it scores 40 in Four of a kind
    And it scores 15 in Threes

  @id:03_categories/exactly-four
  @D-CAT-5 @AMB-5 @option:four-of-a-kind-five=no
  Scenario: When Four of a kind needs exactly four, five of a kind is refused
    Given the roll 3 3 3 3 3 on a later roll
    Then it does not qualify for Four of a kind

  @id:03_categories/generala-is-five-alike
  @D-CAT-6
  Scenario: Generala is five dice alike
    Given the roll 2 2 2 2 1 on a later roll
    Then it does not qualify for Generala
    And it scores 40 in Four of a kind

  @id:03_categories/no-die-of-the-number
  @D-CAT-1 @AMB-6 @option:number-zero=scratch
  Scenario: A number category with no die of its number does not qualify
    Given the roll 1 2 3 4 5 on a later roll
    Then it does not qualify for Sixes
    And it scores 1 in Ones

  @id:03_categories/zero-in-a-number-category
  @D-CAT-1 @AMB-6 @option:number-zero=score
  Scenario: Under the variation, a number category may be scored for 0
    Given the roll 1 2 3 4 5 on a later roll
    Then it scores 0 in Sixes

  @id:03_categories/double-generala-once-generala-is-scored
  @D-CAT-7 @AMB-4 @option:double-generala=after-generala @AMB-3 @option:double-generala-points=100
  Scenario: Double Generala takes a five of a kind once Generala is scored
    Given the roll 4 4 4 4 4 on a later roll
    Then it does not qualify for Double Generala
    Given the roll 4 4 4 4 4 on a later roll
    And Generala is scored
    Then it scores 100 in Double Generala

  @id:03_categories/double-generala-after-a-scratched-generala
  @D-CAT-7 @AMB-4 @option:double-generala=after-generala-closed @AMB-3 @option:double-generala-points=100
  Scenario: When a closed Generala is enough, a scratched one opens Double Generala
    Given the roll 4 4 4 4 4 on a later roll
    And Generala is scratched
    Then it scores 100 in Double Generala

  @id:03_categories/no-double-generala
  @D-CAT-7 @D-SHEET-1 @AMB-4 @option:double-generala=off
  Scenario: Without Double Generala, a second five of a kind has nowhere to go but the others
    Given the roll 4 4 4 4 4 on a later roll
    And Generala is scored
    Then it does not qualify for Double Generala
