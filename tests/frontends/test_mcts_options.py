"""The MCTS options measured against the default: the solver (`mcts:solver=1`: finished games'
results proven and backed up, so a won position is played at once and a move proven lost is
avoided), progressive bias (`mcts:bias=B`: a child's first evaluation in its UCT score) and
MAST playouts (`mcts:mast=1`: playout moves chosen by how they paid their movers before)."""
from __future__ import annotations

import pytest

from conftest import GAMES
from toygames import DiceRace, Nim, Walk

from rulebook import load_game
from rulebook.api import RulebookError
from rulebook.players import make_player, play_match


def test_a_won_root_is_proven_and_ends_the_search():
    g = Nim((1, 2, 4))  # nim-sum 7: the only winning move takes 1 from the pile of 4
    p = make_player("mcts:iterations=20000,solver=1,reuse=0", g, 0)
    assert g.move_str(p.choose(g.initial_state())) == "C1"
    assert p.last_root.proven == [1.0, 0.0]
    assert p.last_root.n < 20000            # stopped once proven, long before the budget
    plain = make_player("mcts:iterations=2000,reuse=0", g, 0)
    plain.choose(g.initial_state())
    assert plain.last_root.proven is None and plain.last_root.n == 2000


def test_a_lost_root_is_proven_too():
    g = Nim((1, 2, 3))  # nim-sum 0: every move loses
    p = make_player("mcts:iterations=20000,solver=1,reuse=0", g, 0)
    p.choose(g.initial_state())
    assert p.last_root.proven == [0.0, 1.0] and p.last_root.n < 20000


def test_moves_proven_lost_are_avoided():
    # o to move in tic-tac-toe after x a1, o b2, x a2: every move but a3 lets x win at once
    g = load_game(GAMES / "tictactoe.yaml")
    st = g.initial_state()
    for text in ("a1", "b2", "a2"):
        st = g.apply(st, g.parse_move(st, text))
    picks = [g.move_str(make_player("mcts:iterations=40,solver=1", g, seed).choose(st)) for seed in range(20)]
    assert picks == ["a3"] * 20
    p = make_player("mcts:iterations=40,solver=1,reuse=0", g, 0)
    p.choose(st)
    lost = {g.move_str(m) for m, child in p.last_root.children.items() if child.proven == [1.0, 0.0]}
    assert lost and "a3" not in lost      # x's wins found below o's other moves


@pytest.mark.parametrize("seats", [2, 3])
def test_the_solver_plays_chance_and_several_seats(seats):
    g = DiceRace(seats=seats, goal=6)
    players = [make_player("mcts:iterations=200,solver=1", g, i) for i in range(seats)]
    state, moves = play_match(g, players, 4)
    assert g.is_over(state) and moves


def test_solver_is_a_switch():
    with pytest.raises(RulebookError, match="solver must be at least 0 and at most 1"):
        make_player("mcts:solver=2", Nim(), 0)
    assert make_player("mcts", Nim(), 0).solver is False


def test_progressive_bias_keeps_each_childs_first_evaluation():
    g = Walk()  # the evaluation: how far each walker is; only +1 gets the mover ahead
    st = g.initial_state()
    p = make_player("mcts:iterations=200,bias=1,reuse=0,order=0", g, 0)
    p.choose(st)
    h = {g.move_str(m): child.h for m, child in p.last_root.children.items()}
    assert h["+1"] > 0.5 and h["-1"] == h["-2"] == 0.5
    plain = make_player("mcts:iterations=200,reuse=0,order=0", g, 0)
    plain.choose(st)
    assert all(child.h == 0.0 for child in plain.last_root.children.values())


def test_bias_is_a_weight_of_at_least_0():
    with pytest.raises(RulebookError, match="bias must be at least 0"):
        make_player("mcts:bias=-1", Nim(), 0)


def test_mast_learns_which_moves_pay_in_playouts():
    g = Nim((3, 4, 5))  # no evaluation: every leaf is scored by a playout to the end
    p = make_player("mcts:iterations=300,mast=1", g, 1)
    assert p.choose(g.initial_state()) in g.legal_moves(g.initial_state())
    assert p._mast and all(0.0 <= total <= count for total, count in p._mast.values())
    assert sum(count for _, count in p._mast.values()) > 300   # every playout move is credited
    plain = make_player("mcts:iterations=300", g, 1)
    plain.choose(g.initial_state())
    assert plain._mast == {}
    a, b = (make_player("mcts:iterations=300,mast=1", g, 5) for _ in range(2))
    assert a.choose(g.initial_state()) == b.choose(g.initial_state()) and a._mast == b._mast


def test_mast_plays_whole_games_with_chance():
    g = DiceRace(seats=3, goal=6, with_eval=False)
    state, _ = play_match(g, [make_player("mcts:iterations=100,mast=1", g, i) for i in range(3)], 2)
    assert g.is_over(state)


def test_mast_is_a_switch():
    with pytest.raises(RulebookError, match="mast must be at least 0 and at most 1"):
        make_player("mcts:mast=2", Nim(), 0)
