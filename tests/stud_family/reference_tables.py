"""The rules reference's worked examples as tables: the hands of sections 1-4 and 9, written once.

``test_reference_examples`` asserts each example on the engine; the HTTP tests (``tests/api``) and
the explanations' tests post or explain the same tables. Structure 5/10/40/80 unless an example says
otherwise.
"""

from dataclasses import replace

from tests.tables import table

DOORS4 = {1: "7c", 2: "Kd", 3: "Ks", 4: "As"}
"""Example 1's door cards; sections 2 and 9 play on them too."""
ANTE_ALL_IN_DOORS = DOORS4 | {4: "Ac"}
"""Examples 4 and 5: s4 shows the lowest door card, Ac, and still opens or calls first after s3."""
ANTE_ALL_IN = table(ANTE_ALL_IN_DOORS, stacks={3: 5})
"""Example 4: s3 (Ks) has 5 chips and is all-in once he antes."""
SHORT_BRING_IN = table(ANTE_ALL_IN_DOORS, "s3 bring_in", stacks={3: 12})
"""Example 5: s3 (Ks) has 12 chips, antes 5 and posts 7 all-in."""
NO_FOLD = {"allow_fold_when_opening_after_all_in_bring_in": False}
"""Example 4's PokerKit reading: the opener after an all-in bring-in may not fold."""
DOORS8 = {1: "7c", 2: "2d", 3: "Ks", 4: "As", 5: "3c", 6: "4d", 7: "5h", 8: "6s"}
CAPPED = table(DOORS8, "s3 bring_in", "s4 complete", "s5 raise", "s6 raise", "s7 raise")
"""Example 2: bring-in 10, s4 completes to 40, s5, s6 and s7 raise to 80, 120 and 160."""
HEADS_UP = table({3: "Ks", 4: "2c", 5: "3c"}, "s3 bring_in", "s4 complete", "s5 raise", "s3 fold", "s4 raise",
                 "s5 raise")
"""Example 3: the third player folds after the raise to 80, so two are heads-up before the cap; they raise to 160."""
TIED_BOARDS = {1: "6d 2c", 3: "6s 2h", 5: "7c Ad"}
"""Example 1: s1 and s3 tie at 6-2, lower than s5's 7-A."""
TIED_AFTER_THIRD = table({1: "6d 2c", 3: "Ks 9c", 5: "7c Ad", 6: "6s 2h"}, "s3 bring_in", "s5 call", "s6 call",
                         "s1 call")
"""Example 1's tie reached by a replay: s3 brings in with Ks and shows 9c on 4th; s1 and s6 tie at 6-2."""
SUIT_TIE_BREAK = {"later_street_tie_break": "high_card_by_suit"}
SIXTH_BOARDS = {2: "9c 7d 4h 4s", 6: "Kc Qd Jh Ts", 7: "Qs Qh Qc 8c"}
"""Example 4: s2's pair of fours against s6's K-Q-J-T, no pair, on 6th street; s7 holds trips."""
THROUGH_FOURTH = ("s6 bring_in", "s7 call", "s2 call", "s2 check", "s6 check", "s7 check")
"""Example 4's boards played through 4th street: s6 brings in with Kc; s2's board is the lowest on 4th and 5th."""
FIFTH = {1: "2c Ad 3h", 2: "3c 6d 7h", 3: "4c 8d 9h", 4: "Kc Qd Jh"}
TO_FIFTH = ("s4 bring_in", "s1 call", "s2 call", "s3 call", "s1 check", "s2 check", "s3 check", "s4 check")
"""Four players reach 5th street having put in 15 each; s1 holds the lowest board."""
UNDER_HALF = table(FIFTH, *TO_FIFTH, "s1 bet 80", "s2 call", "s3 raise 110", stacks={3: 125})
"""Example 1: s3 (125 chips: 110 left on 5th) goes all-in for 110, +30 over the 80 bet."""
HALF = table(FIFTH, *TO_FIFTH, "s1 bet 80", "s2 call", "s3 raise 125", stacks={3: 140})
"""Example 2: s3 (140 chips: 125 left on 5th) goes all-in for 125, +45 over the 80 bet."""
BRING_IN_1 = {"ante": 0, "bring_in": 1, "small_bet": 4}
BRING_IN_2 = {"ante": 0, "bring_in": 2, "small_bet": 8}
ALL_IN_FOR_THREE = table({3: "Ks", 4: "2c", 5: "3c"}, "s3 bring_in", "s4 complete", stacks={4: 3}, stakes=BRING_IN_1)
"""Example 3: bring-in 1, small bet 4; s3 brings in and s4 goes all-in for 3."""
TWO_ALL_INS = table({1: "2c 3c", 2: "5d 6d", 3: "Ks 9h", 4: "Qd Jd", 5: "Th 8c"},
                    "s3 bring_in", "s4 call", "s5 call", "s1 call", "s2 call",
                    "s1 bet 40", "s2 raise 50", "s3 call", "s4 complete 65", "s5 call", stacks={2: 65, 4: 80})
"""Example 5: on 4th street s1 bets 40, s2 is all-in for 50 (+10), s3 calls 50 and s4 is all-in for 65 (+25 over
the 40 level: together the two all-ins count as a raise); s5 calls 65."""
FOURTH = {seat: " ".join(cards.split()[:2]) for seat, cards in FIFTH.items()}
FOURTH_NO_BET = table(FOURTH, *TO_FIFTH[:4])
"""4th street before anyone acts: s1's 2c Ad is the lowest board."""
FACING_A_BET = table(FIFTH, *TO_FIFTH, "s1 bet 80")
ONE_LEFT_TO_ACT = table(FIFTH, *TO_FIFTH, "s1 bet 80", "s2 fold", "s3 call", "s4 fold", stacks={3: 95})
"""s3 (95 chips: 80 left on 5th) calls all-in on 5th: only s1 can still bet."""
DEALT_TO_SEVENTH = replace(ONE_LEFT_TO_ACT, boards={1: "2c Ad 3h 4s", 3: "4c 8d 9h 5s", 2: "3c 6d 7h", 4: "Kc Qd Jh"})
"""The same hand with s1's and s3's 6th-street cards shown, listed out of seat order (the replay orders them)."""
FOLDED_TO_S4 = table(DOORS4, "s3 bring_in", "s4 complete", "s1 fold", "s2 fold", "s3 fold")
"""Everyone folds to s4's completion on 3rd street."""
