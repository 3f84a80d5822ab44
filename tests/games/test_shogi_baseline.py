"""The hand-written shogi of tools/baselines/shogi.py against games/shogi.yaml: perft of the
baseline from the start, and random games played in both at once, the legal moves (by their
notation) and the result compared at every ply. Two implementations that share no code: the
engine's comes from the game file, the baseline's from the rules in docs/games/shogi.md."""
from __future__ import annotations

import random

import pytest

from rulebook import load_game
from rulebook.play.measure import perft
from tools.baselines.shogi import DROP, Shogi

from conftest import GAMES


@pytest.mark.parametrize("depth,leaves", [(1, 30), (2, 900), (3, 25470)])
def test_baseline_perft(depth, leaves):
    g = Shogi()
    assert perft(g, g.initial_state(), depth) == leaves


@pytest.mark.parametrize("seed", range(10))
def test_random_games_agree_move_by_move(seed):
    engine, base = load_game(GAMES / "shogi.yaml", {"max_plies": "200"}), Shogi(max_plies=200)
    rng = random.Random(seed)
    es, bs = engine.initial_state(), base.initial_state()
    while True:
        names = sorted(engine.move_str(m) for m in engine.legal_moves(es))
        assert names == sorted(base.move_str(m) for m in base.legal_moves(bs)), f"ply {engine.ply(es)}"
        assert engine.is_over(es) == base.is_over(bs)
        if engine.is_over(es):
            assert engine.outcome(es).winners == base.outcome(bs).winners
            break
        # captures and drops three times as likely as quiet moves, so that hands fill and games
        # reach mates
        busy = [base.move_str(m) for m in base.legal_moves(bs) if m >= DROP or bs[0][m // 2 % 81]]
        move = rng.choice(names + busy * 3)
        es, bs = engine.apply(es, engine.parse_move(es, move)), base.apply(bs, base.parse_move(bs, move))


def test_the_baselines_drop_rules():
    # the position of test_shogi.py's uchifuzume test: P*1b would mate (refused), G*1b is legal;
    # no pawn drop on 1-file's neighbour with a pawn (nifu), none on the last rank
    from tools.baselines.shogi import GOLD, GOTE, KING, LANCE, PAWN, SILVER, name
    cell = {name(i): i for i in range(81)}
    board = [0] * 81
    for where, code in (("5i", KING), ("1c", GOLD), ("3b", SILVER), ("4g", PAWN), ("1a", KING | GOTE), ("2a", LANCE | GOTE)):
        board[cell[where]] = code
    st = (tuple(board), ((0, 0, 1, 0, 0, 0, 1), (0,) * 7), (cell["5i"], cell["1a"]), 0, 10, None)
    g = Shogi()
    drops = {g.move_str(m) for m in g.legal_moves(st) if m >= DROP}
    assert "G*1b" in drops and "P*1b" not in drops
    assert not {d for d in drops if d.startswith("P*4")} and "P*5a" not in drops and "P*5b" in drops
