"""The hand-written Nine Men's Morris of tools/baselines/morris.py against games/morris.yaml: perft
of the baseline from the start, and random games played in both at once, the legal moves (by
their notation) and the result compared at every ply, with the options at their defaults and
changed. Two implementations that share no code: the engine's comes from the game file, the
baseline's from the rules in docs/games/morris.md."""
from __future__ import annotations

import random

import pytest

from rulebook import load_game
from rulebook.play.measure import perft
from tools.baselines.morris import Morris

from conftest import GAMES


@pytest.mark.parametrize("depth,leaves", [(1, 24), (2, 552), (3, 12144), (4, 255024)])
def test_baseline_perft(depth, leaves):
    g = Morris()
    assert perft(g, g.initial_state(), depth) == leaves


@pytest.mark.parametrize("seed,options", [(s, {}) for s in range(8)] +
                         [(s, {"flying": False}) for s in range(3)] + [(s, {"draw_plies": 16}) for s in range(3)])
def test_random_games_agree_move_by_move(seed, options):
    engine = load_game(GAMES / "morris.yaml", {k: str(v).lower() for k, v in options.items()} or None)
    base = Morris(**options)
    rng = random.Random(seed)
    es, bs = engine.initial_state(), base.initial_state()
    while True:
        names = sorted(engine.move_str(m) for m in engine.legal_moves(es))
        assert names == sorted(base.move_str(m) for m in base.legal_moves(bs)), f"ply {engine.ply(es)}"
        assert engine.is_over(es) == base.is_over(bs)
        if engine.is_over(es):
            assert engine.outcome(es).winners == base.outcome(bs).winners
            break
        # removals twice as likely as other moves, so that games reach flying and the end
        move = rng.choice(names + [n for n in names if "x" in n])
        es, bs = engine.apply(es, engine.parse_move(es, move)), base.apply(bs, base.parse_move(bs, move))
