"""A phase that lasts a number of plies (`plies: N`, moves of any player) rather than turns of
every player, and a drop's cells written file by file (`notation: {drops: by_file}`): the made-up
game tests/data/words/opening.yaml (one stone first, then two a move)."""
from __future__ import annotations

from math import comb
from pathlib import Path

import pytest

import rulebook
from rulebook import load_game
from rulebook.api import IllegalMove
from rulebook.errors import GameFileError
from rulebook.play.measure import perft

ROOT = Path(__file__).resolve().parents[2]
OPENING = ROOT / "tests" / "data" / "words" / "opening.yaml"


@pytest.fixture(scope="module")
def g():
    return load_game(OPENING)


def test_the_first_ply_alone_is_the_first_phase(g):
    st = g.initial_state()
    assert g.phase_index(st) == 0 and len(g.legal_moves(st)) == 25
    st = g.apply(st, g.parse_move(st, "c3"))
    assert g.phase_index(st) == 1 and g.to_move(st) == 1       # white's first move: two stones
    assert len(g.legal_moves(st)) == comb(24, 2)
    st = g.apply(st, g.parse_move(st, "a1+a2"))
    assert g.phase_index(st) == 1 and len(g.legal_moves(st)) == comb(22, 2)


def test_perft_counts_one_stone_then_two(g):
    st = g.initial_state()
    assert [perft(g, st, d) for d in (1, 2)] == [25, 25 * comb(24, 2)]


def test_a_drop_is_written_file_by_file_and_read_only_so(g):
    st = g.apply(g.initial_state(), g.parse_move(g.initial_state(), "c3"))
    m = g.parse_move(st, "a5+b1")          # a5 before b1: by file, though b1 comes first rank by rank
    assert g.move_str(m) == "a5+b1" and sorted(m[1:]) == [1, 20]
    assert g.move_str(g.parse_move(st, "b2+b10".replace("10", "4"))) == "b2+b4"
    with pytest.raises(IllegalMove, match=r"written in one order: a5\+b1"):
        g.parse_move(st, "b1+a5")
    texts = [g.move_str(x) for x in g.legal_moves(st)]
    assert len(set(texts)) == len(texts) == comb(24, 2)


def test_a_position_without_a_ply_starts_after_the_fixed_phases(g):
    st = g.position({"black": ["c3"]}, "white", reserves={"black": 12, "white": 13})
    assert g.ply(st) == 1 and g.phase_index(st) == 1
    st = g.position({"black": ["c3"], "white": ["a1", "a2"]}, "black", reserves={"black": 12, "white": 11})
    assert g.ply(st) == 2 and g.phase_index(st) == 1


def test_the_rules_say_how_long_the_phase_lasts():
    from rulebook.look.prose import rules_prose
    text = rules_prose(load_game(OPENING))
    assert "This phase is the first move of the game." in text
    assert "put 2 stones from hand on empty cells of the board." in text


def test_turns_and_plies_together_are_located(tmp_path):
    text = OPENING.read_text().replace("    plies: 1 ", "    turns: 1\n    plies: 1 ")
    path = tmp_path / "both.yaml"
    path.write_text(text)
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(path)
    got = [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings]
    assert got == ["16:5: phase 'first' gives both 'turns' and 'plies': its length is one or the other"]


def test_a_bad_drop_order_is_located(tmp_path):
    path = tmp_path / "order.yaml"
    path.write_text(OPENING.read_text().replace("drops: by_file", "drops: sideways"))
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(path)
    assert [(f.line, f.column) for f in info.value.findings] == [(12, 10)]
