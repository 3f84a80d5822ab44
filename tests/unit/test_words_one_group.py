"""one_group(GROUP) and end.lose on their made-up game tests/data/words/huddle.yaml (Huddle, a 4x4
rhombus of hexagons: the neighbours of c3 are b3 d3 c2 d2 b4 c4): the player who joins their
stones wins, the player who leaves the opponent's stones one group loses, checked in that order
(win, then lose). Every figure computed by hand from the game's rules."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook import load_game
from rulebook.source.load import GameFileError

try:
    from rulebook.play.measure import perft
except ImportError:                      # the older home of perft
    from rulebook.analysis import perft

GAME = Path(__file__).resolve().parents[2] / "tests" / "data" / "words" / "huddle.yaml"


def play(g, pieces, move, to_move="red"):
    st = g.position(pieces, to_move=to_move)
    legal = sorted(g.move_str(m) for m in g.legal_moves(st))
    return legal, g.apply(st, g.parse_move(st, move))


def test_perft_from_the_start():
    """Red a1 steps to b1 or a2, red d4 to c4 or d3; then blue d1 to c1 c2 d2, blue a4 to b4 a3
    b3: nobody meets, 4 and 4 x 6."""
    g = load_game(GAME)
    st = g.initial_state()
    assert [perft(g, st, d) for d in (1, 2)] == [4, 24]


def test_joining_wins():
    """Red a1 and b2, blue d1 and d4: a1-b1 puts b1 next to b2, and blue's two stones are apart."""
    g = load_game(GAME)
    legal, st = play(g, {"red": ["a1", "b2"], "blue": ["d1", "d4"]}, "a1-b1")
    assert legal == ["a1-a2", "a1-b1", "b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2"]
    assert g.is_over(st) and g.outcome(st).winners == ("red",)


def test_leaving_the_opponent_one_stone_loses():
    """Red a1 jumps over blue b1 to c1, capturing it: blue's lone a4 is one group, red's c1 and d4
    are not: red, who moved, loses."""
    g = load_game(GAME)
    legal, st = play(g, {"red": ["a1", "d4"], "blue": ["b1", "a4"]}, "a1xc1")
    assert legal == ["a1-a2", "a1xc1", "d4-c4", "d4-d3"]
    assert g.is_over(st) and g.outcome(st).winners == ("blue",)


def test_joining_both_at_once_loses():
    """Red a1 jumps over b1 to c1, next to red c2: red is one group, and so is blue's lone d4.
    `win` asks that blue is not one group, so `lose` decides: blue wins."""
    g = load_game(GAME)
    _legal, st = play(g, {"red": ["a1", "c2"], "blue": ["b1", "d4"]}, "a1xc1")
    assert g.is_over(st) and g.outcome(st).winners == ("blue",)


@pytest.mark.parametrize("pieces, to_move, winners", [
    ({"red": ["a1", "d4"], "blue": ["b3", "c3"]}, "red", ("blue",)),    # blue moved last: joined, wins
    ({"red": ["a1", "b1"], "blue": ["b3", "d4"]}, "blue", ("red",)),    # red moved last: joined, wins
    ({"red": ["a1", "d4"], "blue": ["c3"]}, "blue", ("blue",)),         # red moved last, blue alone: red lost
    ({"red": ["a1", "d4"], "blue": ["b1", "d1"]}, "red", None),         # nobody joined (b1, d1 apart)
])
def test_a_set_position_is_judged_for_the_player_who_moved_last(pieces, to_move, winners):
    g = load_game(GAME)
    st = g.position(pieces, to_move=to_move)
    assert g.is_over(st) == (winners is not None)
    if winners is not None:
        assert g.outcome(st).winners == winners


def test_one_group_on_the_hexagons():
    """The six neighbours of c3 (b3 d3 c2 d2 b4 c4) join it; b2 and d4, two cells away, do not."""
    g = load_game(GAME)
    for other, joined in [("b3", True), ("d3", True), ("c2", True), ("d2", True), ("b4", True), ("c4", True),
                          ("b2", False), ("d4", False)]:
        st = g.position({"red": ["c3", other], "blue": ["a1", "a4"]}, to_move="blue")     # red moved last
        assert g.is_over(st) is joined, other
        assert g.outcome(st).winners == (("red",) if joined else ()), other


@pytest.mark.parametrize("line, expected", [
    ("  lose: one_group(corners)", "22:19: one_group() needs a group of pieces here, not a zone"),
    ("  lose: count(theirs)", "22:9: end.lose must be a condition, not a number"),
    ("  lose: one_group(theirs, 2)", "22:9: one_group() takes 1 argument, not 2"),
    ("  lose: one_grup(theirs)", "22:9: unknown function 'one_grup' (did you mean 'one_group'?)"),
])
def test_a_misused_one_group_or_lose_is_located(tmp_path, line, expected):
    path = tmp_path / "broken.yaml"
    path.write_text(GAME.read_text(encoding="utf-8").replace("  lose: one_group(theirs)", line), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(path)
    assert [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings] == [expected]


def test_the_rules_say_it():
    from rulebook.look.prose import rules_prose
    text = rules_prose(load_game(GAME))
    assert "- else the player who has just moved loses (the others win) when the opponent's stones form one " \
           "connected group." in text
