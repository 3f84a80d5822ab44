"""Pentago (games/pentago.yaml): the reference perft figures of docs/games/pentago.md in both
conventions (moves, not positions: every cell, quadrant and sense is a move; no game can end
before ply 9, so they agree), the turn of a quadrant, and the end of a game after the turn."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook import load_game
from rulebook.play.measure import perft

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def g():
    return load_game(ROOT / "games" / "pentago.yaml")


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("depth,leaves", [(1, 288), (2, 80640), (3, 21934080)])
def test_perft_from_the_start(g, depth, leaves, exact):
    if depth == 3 and exact:      # 21,934,080 = 288 x 280 x 272: the third ply counted in bulk after each of
        # every 16th of the 80,640 two-ply sequences (all alike), full depth in tools/corpus_perft.py
        st = g.initial_state()
        seen = 0
        for m in g.legal_moves(st)[::16]:
            s = g.apply(st, m)
            for m2 in g.legal_moves(s)[::16]:
                assert perft(g, g.apply(s, m2), 1, exact=exact) == 272
                seen += 1
        assert seen and 288 * 280 * 272 == leaves
        return
    assert perft(g, g.initial_state(), depth, exact=exact) == leaves


def pieces(g, st):
    return {p: sorted(v if isinstance(v, list) else v["marble"]) for p, v in g.position_json(st)["pieces"].items()}


@pytest.mark.parametrize("move,where", [("a3/1cw", "c3"), ("a3/1ccw", "a1"), ("c3/1cw", "c1"), ("b2/1cw", "b2"),
                                        ("d1/2cw", "d3"), ("a6/3cw", "c6"), ("f4/4ccw", "f6"), ("a1/4cw", "a1")])
def test_a_quadrant_turns_a_quarter_turn_as_seen_with_a1_at_the_lower_left(g, move, where):
    """Quadrant 1 clockwise takes a3 -> c3 -> c1 -> a1 -> a3; b2 stays."""
    st = g.initial_state()
    assert pieces(g, g.apply(st, g.parse_move(st, move))) == {"white": [where]}


def test_notation_every_cell_quadrant_and_sense(g):
    st = g.initial_state()
    texts = [g.move_str(m) for m in g.legal_moves(st)]
    assert len(texts) == len(set(texts)) == 288
    assert {"a1/2cw", "d4/3ccw", "f6/4cw"} <= set(texts)
    assert g.move_str(g.parse_move(st, "d4/3ccw")) == "d4/3ccw"


def test_five_in_a_row_after_the_turn(g):
    # white a1 b1 c1 d1 on rank 1; black elsewhere
    st = g.position({"white": ["a1", "b1", "c1", "d1"], "black": ["a6", "b6", "c6", "f4"]}, "white")
    won = g.apply(st, g.parse_move(st, "e1/4cw"))          # quadrant 4 holds no piece of the line
    assert g.outcome(won).winners == ("white",)
    # the same five broken by turning quadrant 1 (a1 -> a3, b1 -> a2...): no win
    broken = g.apply(st, g.parse_move(st, "e1/1cw"))
    assert not g.is_over(broken)


def test_the_opponents_line_made_by_the_movers_turn_wins_for_the_opponent(g):
    """White turns quadrant 1 clockwise: black's a2 (x 0, y 1) goes to b3 (1, 2), b2 stays, and
    black has b2 b3 b4 b5 b6: black wins on white's move."""
    st = g.position({"black": ["b2", "b4", "b5", "b6", "a2"], "white": ["f1", "d6"]}, "white")
    after = g.apply(st, g.parse_move(st, "f2/1cw"))
    assert g.outcome(after).winners == ("black",)


def test_both_lines_after_the_turn_is_a_draw(g):
    st = g.position({"black": ["b2", "b4", "b5", "b6", "a2"], "white": ["d1", "d2", "d4", "d5"]}, "white")
    # white d3 makes d1..d5 (quadrant 1's turn leaves file d alone); black b2..b6 by the turn
    after = g.apply(st, g.parse_move(st, "d3/1cw"))
    assert g.is_over(after) and g.outcome(after).winners == ()


def test_a_full_board_without_a_line_is_a_draw(g):
    # colours by (file // 2 + rank) % 2... lines of at most 2 along ranks, 1 along files; diagonals 2
    names = [f"{chr(97 + f)}{r + 1}" for r in range(6) for f in range(6)]
    colour = {n: ("white", "black")[(i % 6 // 2 + i // 6) % 2] for i, n in enumerate(names)}
    # the last cell white's; quadrant 4 turned: its pattern turns too, checked to hold no line
    last = [n for n in names if colour[n] == "white" and n[0] in "abc" and int(n[1:]) <= 3][0]
    pieces = {"white": [n for n in names if colour[n] == "white" and n != last],
              "black": [n for n in names if colour[n] == "black"]}
    st = g.position(pieces, "white", ply=35)
    after = g.apply(st, g.parse_move(st, f"{last}/4cw"))
    assert g.is_over(after) and g.outcome(after).winners == ()
