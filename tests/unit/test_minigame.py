"""A made-up grid game (tests/data/mini.yaml) exercising the engine apart from Le zug:
single-piece drops mixed with moves, jumps over enemies only, a landing rule, a win, a draw."""
from __future__ import annotations

import pytest

from rulebook import load_game
from rulebook.play.measure import perft

from conftest import DATA


@pytest.fixture(scope="module")
def mini():
    return load_game(DATA / "mini.yaml")


def names(game, st):
    return sorted(game.move_str(m) for m in game.legal_moves(st))


def test_first_moves_counted_by_hand(mini):
    # up's stones a1 c1 e1 g1 step to b2 d2 f2: a1>b2, c1>b2 d2, e1>d2 f2, g1>f2 = 6, plus 3 drops
    st = mini.initial_state()
    assert names(mini, st) == ["a1-b2", "b2", "c1-b2", "c1-d2", "d2", "e1-d2", "e1-f2", "f2", "g1-f2"]
    assert perft(mini, st, 1) == 9
    assert perft(mini, st, 2) == 81      # the sides cannot meet yet: 9 x 9


def test_jumps_go_over_enemies_only_and_chain(mini):
    st = mini.position({"up": ["c3"], "down": ["d4", "f6"]}, "up", reserves={"up": 0, "down": 0})
    moves = names(mini, st)
    assert "c3-e5" in moves and "c3-g7" in moves           # over d4, then over f6
    st = mini.position({"up": ["c3", "d4"], "down": ["a7"]}, "up", reserves={"up": 0, "down": 0})
    assert "c3-e5" not in names(mini, st)                  # d4 is a friend


def test_landing_rule_no_return(mini):
    # up's c3 may jump down's b2 backwards, but not onto a1: that is up's home rank
    st = mini.position({"up": ["c3"], "down": ["b2", "d4"]}, "up", reserves={"up": 0, "down": 0})
    assert names(mini, st) == ["c3-b4", "c3-e5"]          # step, and the jump over d4
    assert mini.explain(st, "c3-a1").startswith("'c3-a1' is refused by rule 'no_return'")
    assert mini.explain(st, "c3-e1") == "'c3-e1': no pattern of phase 'play' reaches e1 from c3"


def test_win_needs_the_reserve_dropped(mini):
    st = mini.position({"up": ["a7", "c7", "e7", "f6"], "down": ["c3"]}, "up", reserves={"up": 1, "down": 0})
    st2 = mini.apply(st, mini.parse_move(st, "f6-g7"))
    assert not mini.is_over(st2)                           # one stone still in reserve
    st = mini.position({"up": ["a7", "c7", "e7", "f6"], "down": ["c3"]}, "up", reserves={"up": 0, "down": 0})
    st2 = mini.apply(st, mini.parse_move(st, "f6-g7"))
    assert mini.outcome(st2).winners == ("up",)


def test_ply_limit_is_an_option():
    game = load_game(DATA / "mini.yaml", {"max_plies": "2"})
    st = game.initial_state()
    for m in ("b2", "f6"):
        st = game.apply(st, game.parse_move(st, m))
    assert game.is_over(st) and game.outcome(st).winners == ()
