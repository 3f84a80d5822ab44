"""Conformance, the word `attacked`: the compiled helper against a brute-force answer, on
positions of random play, in every game whose rules say `attacked(` (docs/language.md: "another
player's piece could capture on the cell with one of its capturing single steps or slides").

The brute force plays every pseudo-legal move of the other player (before the `legal` rules,
which judge the mover's own safety: a pinned piece still attacks) and sees which pieces change
owner on the cell the move lands on. A `take` of a piece elsewhere (en passant) leaves that cell
empty and castling captures nothing, so neither counts, as the documented meaning says.
"""
from __future__ import annotations

import random

import pytest

from conformance_cases import (ALL, FILE_CASES, attacked, game, is_grid, owners, playout, pseudo_legal, says_attacked,
                               with_to_move)

CASES = [c for c in ALL if is_grid(c) and says_attacked(c)]
SEEDS = (1, 2, 3)
PLIES = 150
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
    assert all("attacked(" in FILE_CASES[c][0].read_text() for c in CASES)


@pytest.mark.parametrize("case", CASES)
def test_attacked_agrees_with_the_captures_of_the_other_player(case):
    g = game(case)
    assert len(g.players) == 2        # the brute force below asks "the other player"
    compared = attacked_seen = 0
    for seed in SEEDS[:2]:
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


@pytest.mark.parametrize("case", CASES)
def test_attacked_on_an_empty_cell_means_a_capture_there_of_a_piece_of_mine(case):
    """On an empty cell, `attacked` asks of the players other than `me`: could one capture there?
    The brute force puts a piece of mine there (of the first kind) and plays the other player's
    pseudo-legal moves."""
    g = game(case)
    rng = random.Random(5)
    kind = g.kinds[0].name
    compared = attacked_seen = 0
    for seed in SEEDS[:2]:
        for st, _move in playout(case, seed, PLIES)[::2 * EVERY]:
            if g.is_over(st):
                continue
            me = g.to_move(st)
            other = 1 - me
            js = g.position_json(st)
            pieces = owners(g, st)
            empty = [c for c in g.geo.cells() if c not in pieces]
            for cell in rng.sample(empty, min(4, len(empty))):
                placed = {o: ({kind: list(w)} if not isinstance(w, dict) else {k: list(v) for k, v in w.items()})
                          for o, w in js["pieces"].items()}
                placed.setdefault(g.players[me], {}).setdefault(kind, []).append(g.geo.name(cell))
                probe = g.position(placed, g.players[other], reserves=js["reserve"], ply=js["ply"] + 1,
                                   quiet=js.get("quiet", 0), checked=False)
                expected = g.players[me] in captured_on_landing(g, probe).get(cell, set())
                assert attacked(g, st, me, cell) == expected, (case, seed, g.ply(st), g.geo.name(cell))
                compared += 1
                attacked_seen += expected
    assert compared > 0 and attacked_seen > 0


def _chess_position(pieces, to_move, **more):
    g = game("games/chess")
    return g, g.position(pieces, to_move, **more)


def test_en_passant_is_no_attack_on_the_pawn_it_takes():
    """A black pawn that just made its double step beside a white pawn: white can take it (e5d6,
    a `take`), yet it is not attacked: the capture does not land on its cell."""
    g, st = _chess_position({"white": {"king": ["e1"], "pawn": ["e5"]}, "black": {"king": ["e8"], "pawn": ["d5"]}},
                            "white", last="d5", passed="d6")
    d5 = g.geo.parse_cell("d5")
    assert "e5d6" in {g.move_str(m) for m in g.legal_moves(st)}
    assert d5 not in owners(g, g.apply(st, g.parse_move(st, "e5d6")))      # the pawn is taken...
    assert d5 not in captured_on_landing(g, st)                            # ...not captured by landing
    assert not attacked(g, st, 0, d5) and not attacked(g, st, 1, d5)


def test_a_pinned_piece_still_attacks():
    """A white bishop pinned to its king on the e-file may not take the knight on c4, but it
    attacks it: the brute force counts the pseudo-legal capture, and so does `attacked`."""
    g, st = _chess_position({"white": {"king": ["e1"], "bishop": ["e2"]},
                             "black": {"king": ["h8"], "rook": ["e7"], "knight": ["c4"]}}, "white")
    c4 = g.geo.parse_cell("c4")
    assert "e2c4" not in {g.move_str(m) for m in g.legal_moves(st)}
    assert "e2c4" in {g.move_str(m) for m in pseudo_legal(g, st)}
    assert captured_on_landing(g, st)[c4] == {"black"}
    assert attacked(g, st, 0, c4) and attacked(g, st, 1, c4)

