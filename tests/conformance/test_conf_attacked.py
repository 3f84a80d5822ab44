"""Conformance, the word `attacked`: the compiled helper against a brute-force answer, on
positions of random play, in every game whose rules say `attacked(` (docs/language.md: "another
player's piece could capture on the cell with one of its capturing single steps or slides").

The brute force plays every pseudo-legal move of the other player (before the `legal` rules,
which judge the mover's own safety: a pinned piece still attacks) and sees which pieces change
owner on the cell the move lands on. A `take` of a piece elsewhere (en passant) leaves that cell
empty and castling captures nothing, so neither counts, as the documented meaning says.
"""
from __future__ import annotations

import pytest

from conformance_cases import ALL, attacked, game, is_grid, owners, playout, pseudo_legal, with_to_move

CASES = [c for c in ALL if is_grid(c) and "attacked()" in game(c).rules.words]
SEEDS = (1, 2, 3)
PLIES = 120
EVERY = 3             # every third position of each playout


def captured_on_landing(g, st) -> dict[int, set[str]]:
    """cell -> the players whose piece there some pseudo-legal move of the player to move captures
    by landing on it (a piece of another owner there before, of the mover after)."""
    mover = g.players[g.to_move(st)]
    before = owners(g, st)
    out: dict[int, set[str]] = {}
    for m in pseudo_legal(g, st):
        after = owners(g, g.apply(st, m))
        for cell, (owner, _kind) in before.items():
            if owner != mover and after.get(cell, (None,))[0] == mover:
                out.setdefault(cell, set()).add(owner)
    return out


def test_the_cases_are_the_files_that_say_attacked():
    assert {"games/chess", "words/guards"} <= set(CASES)
    assert all("attacked(" in open(__import__("conformance_cases").FILE_CASES[c][0]).read() for c in CASES)


@pytest.mark.parametrize("case", CASES)
def test_attacked_agrees_with_the_captures_of_the_other_player(case):
    g = game(case)
    assert len(g.players) == 2        # the brute force below asks "the other player"
    compared = attacked_seen = 0
    for seed in SEEDS:
        for st, _move in playout(case, seed, PLIES)[::EVERY]:
            if g.is_over(st):
                continue
            me = g.to_move(st)
            other = 1 - me
            # the pieces of the player to move, attacked by the other: asked of the same pieces with
            # the other player to move (a position built anew, not a state edited)
            swapped = with_to_move(g, st, other)
            assert owners(g, swapped) == owners(g, st)
            theirs_capture = captured_on_landing(g, swapped)
            # the other player's pieces, attacked by the player to move: asked of the state itself
            mine_capture = captured_on_landing(g, st)
            for cell, (owner, kind) in owners(g, st).items():
                hits = theirs_capture if owner == g.players[me] else mine_capture
                expected = cell in hits
                where = (case, seed, g.ply(st), g.geo.name(cell), owner, kind)
                assert attacked(g, st, me, cell) == expected, where
                # the answer is of the pieces alone, not of whose turn it is
                assert attacked(g, swapped, other, cell) == expected, where
                compared += 1
                attacked_seen += expected
    assert compared > 0 and attacked_seen > 0
