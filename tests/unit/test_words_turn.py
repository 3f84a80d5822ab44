"""The action word turn(BLOCKS) (a square block of cells turns a quarter turn, with its pieces,
as the last part of a move; board.blocks names the sets of blocks), the function
in_a_row(N, of=GROUP) (a line of the group's pieces anywhere on the board) and end.lose (the
player who just moved loses): the made-up game tests/data/words/turns.yaml, figures by hand."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook import load_game
from rulebook.errors import GameFileError
from rulebook.play.measure import perft

ROOT = Path(__file__).resolve().parents[2]
TURNS = ROOT / "tests" / "data" / "words" / "turns.yaml"


@pytest.fixture(scope="module")
def g():
    return load_game(TURNS)


def pieces(g, st) -> dict:
    return {p: sorted(v if isinstance(v, list) else v["stone"]) for p, v in g.position_json(st)["pieces"].items()}


def test_every_cell_block_and_sense_is_a_move(g):
    st = g.initial_state()
    texts = [g.move_str(m) for m in g.legal_moves(st)]
    assert len(texts) == len(set(texts)) == 16 * 4          # 16 cells x 2 blocks x 2 senses
    assert {"a1/1cw", "a1/1ccw", "a1/2cw", "a1/2ccw"} <= set(texts)
    # no line of three before ply 5: 64, 64 x 15 x 4
    assert [perft(g, st, d) for d in (1, 2)] == [64, 3840]
    assert perft(g, st, 2, exact=True) == 3840


@pytest.mark.parametrize("move,where,last", [
    ("a1/1cw", "a2", "a2"), ("a1/1ccw", "b1", "b1"), ("b2/1cw", "b1", "b1"),
    ("c3/2cw", "c4", "c4"), ("d4/2ccw", "c4", "c4"), ("a1/2cw", "a1", "a1")])
def test_the_block_turns_with_the_piece_just_placed(g, move, where, last):
    """Clockwise with a1 at the lower left: the upper left corner goes to the upper right."""
    st = g.initial_state()
    after = g.apply(st, g.parse_move(st, move))
    assert pieces(g, after) == {"white": [where]}
    assert g.position_json(after)["last"] == last           # `last` follows the piece


def test_a_turn_carries_every_piece_on_the_block(g):
    st = g.position({"white": ["a1", "b1"], "black": ["a2"]}, "white")
    after = g.apply(st, g.parse_move(st, "d4/1cw"))        # a1 -> a2, b1 -> a1, a2 -> b2
    assert pieces(g, after) == {"white": ["a1", "a2", "d4"], "black": ["b2"]}


def test_exactly_one_colour_with_a_line_wins_even_the_opponents(g):
    base = {"white": ["a3", "b3"], "black": ["b2", "c1", "d1"]}
    st = g.position(base, "white")
    # white's own line a3 b3 c3, black's b2 turned away to a2: white wins
    won = g.apply(st, g.parse_move(st, "c3/1ccw"))          # block 1 ccw: b2 -> a2; white a3 b3 c3
    assert g.outcome(won).winners == ("white",)
    # white's turn of block 1 clockwise takes black's b2 to b1: b1 c1 d1, black's line alone
    lost = g.apply(st, g.parse_move(st, "d4/1cw"))
    assert g.outcome(lost).winners == ("black",)
    # both lines: white a3 b3 c3 and black b1 c1 d1: a draw
    both = g.apply(st, g.parse_move(st, "c3/1cw"))
    assert g.is_over(both) and g.outcome(both).winners == ()


def test_a_line_broken_by_the_turn_does_not_count(g):
    st = g.position({"white": ["a2", "b2"], "black": ["d3"]}, "white")
    # c2 makes a2 b2 c2, then block 1 clockwise takes a2 -> b2, b2 -> b1: no line
    after = g.apply(st, g.parse_move(st, "c2/1cw"))
    assert not g.is_over(after)
    assert pieces(g, after)["white"] == ["b1", "b2", "c2"]


def test_sense_picks_one_way(tmp_path):
    path = tmp_path / "cw.yaml"
    path.write_text(TURNS.read_text().replace("turn(corner)", "turn(corner, sense=cw)"))
    g = load_game(path)
    texts = {g.move_str(m) for m in g.legal_moves(g.initial_state())}
    assert len(texts) == 16 * 2 and all(t.endswith("cw") and not t.endswith("ccw") for t in texts)


def test_rules_say_the_blocks_and_the_turn(g):
    from rulebook.look.prose import rules_prose
    text = rules_prose(g)
    assert "The board has 2 blocks that turn, the **corner**: 1: `a1 b2`; 2: `c3 d4`." in text
    assert "then turn one block of the corner a quarter turn" in text
    assert "loses (the others win)" in text
    assert "3 of the player's stones stand in a line anywhere on the board and 3 of the opponent's stones do not " \
           "stand in a line anywhere on the board" in text


def _findings(tmp_path, text):
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(path)
    return [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings]


def test_misuse_is_located(tmp_path):
    base = TURNS.read_text()
    assert _findings(tmp_path, base.replace("turn(corner)", "turn(corners)")) == [
        "17:29: turn needs the name of a set of board.blocks, not 'corners' (blocks: corner)"]
    assert _findings(tmp_path, base.replace("turn(corner)", "turn(corner, sense=up)")) == [
        "17:43: sense must be both, cw or ccw"]
    assert _findings(tmp_path, base.replace("[a1 b2, c3 d4]", "[a1 b3, c3 d4]")) == [
        "10:14: a block is square, of two cells or more a side, from its lower left to its upper right cell"]
    assert _findings(tmp_path, base.replace("[a1 b2, c3 d4]", "[a1 b2, c3 e5]")) == [
        "10:21: 'e5' is not a cell of this board"]
