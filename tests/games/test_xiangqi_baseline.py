"""The hand-written xiangqi of tools/baselines/xiangqi.py against games/xiangqi.yaml: perft of the
baseline from the start, and random games played in both at once, the legal moves (by their
notation) and the result compared at every ply. Two implementations that share no code: the
engine's comes from the game file, the baseline's from the rules in docs/games/xiangqi.md."""
from __future__ import annotations

import random

import pytest

from rulebook import load_game
from rulebook.play.measure import perft
from tools.baselines.xiangqi import Xiangqi

from conftest import GAMES


@pytest.mark.parametrize("depth,leaves", [(1, 44), (2, 1920), (3, 79666)])
def test_baseline_perft(depth, leaves):
    g = Xiangqi()
    assert perft(g, g.initial_state(), depth) == leaves


@pytest.mark.parametrize("seed", range(12))
def test_random_games_agree_move_by_move(seed):
    engine, base = load_game(GAMES / "xiangqi.yaml", {"max_plies": "160"}), Xiangqi(max_plies=160)
    rng = random.Random(seed)
    es, bs = engine.initial_state(), base.initial_state()
    while True:
        names = sorted(engine.move_str(m) for m in engine.legal_moves(es))
        assert names == sorted(base.move_str(m) for m in base.legal_moves(bs)), f"ply {engine.ply(es)}"
        assert engine.is_over(es) == base.is_over(bs)
        if engine.is_over(es):
            assert engine.outcome(es).winners == base.outcome(bs).winners
            break
        # captures twice as likely as quiet moves, so that games reach sparse, mating positions
        captures = [base.move_str(m) for m in base.legal_moves(bs) if bs[0][m % 90]]
        move = rng.choice(names + captures)
        es, bs = engine.apply(es, engine.parse_move(es, move)), base.apply(bs, base.parse_move(bs, move))

