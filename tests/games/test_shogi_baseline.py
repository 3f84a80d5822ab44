"""The hand-written shogi of tools/baselines/shogi.py against games/shogi.yaml: perft of the
baseline from the start, and random games played in both at once, the legal moves (by their
notation) and the result compared at every ply; with the option repetition, games whose
players mostly check or take back their last move, against sennichite read from the baseline's
positions (draws and perpetual checks). Two implementations that share no code: the engine's comes from the game file, the
baseline's from the rules in docs/games/shogi.md."""
from __future__ import annotations

import random

import pytest

from rulebook import load_game
from rulebook.play.measure import perft
from tools.baselines.shogi import DROP, PLAYERS, Shogi, attacked

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


def sennichite(seen: list) -> tuple | None:
    """The rule read independently of the engine: `seen` holds every position so far, oldest
    first, as ((board, hands, player to move), that player's king attacked). None while the
    last position has not stood four times; else the winners: the player to move when every
    move of the other since the first of those times gave check, the other when every move of
    the player to move did, else nobody (a draw)."""
    now = seen[-1][0]
    times = [i for i, (key, _checked) in enumerate(seen) if key == now]
    if len(times) < 4:
        return None
    span = seen[times[0]:]
    me = now[2]

    def checked_always(p):      # p's king attacked whenever p was to move: the other checked every move
        return all(checked for key, checked in span if key[2] == p)
    if checked_always(me) and not checked_always(1 - me):
        return (me,)
    if checked_always(1 - me) and not checked_always(me):
        return (1 - me,)
    return ()


def repetition_game(engine, base, seed: int) -> tuple | str:
    """A random game with the option repetition, in the engine and the baseline at once, in which
    a player mostly gives check where it can (the move that gave its last check first) and else
    takes back its last move, so that positions stand again and again: the legal moves and the
    end compared at every ply. Its end: sennichite's winners, or "mate", or "long"."""
    rng = random.Random(seed)
    es, bs = engine.initial_state(), base.initial_state()
    seen, last = [], {}
    for _ in range(400):
        board, hands, kings, me, _ply, _result = bs
        seen.append(((board, hands, me), attacked(board, kings[me], 1 - me)))
        expected = sennichite(seen)
        if expected is not None:
            assert engine.is_over(es) and engine.outcome(es).winners == tuple(PLAYERS[s] for s in expected)
            return expected
        assert engine.is_over(es) == base.is_over(bs), f"ply {engine.ply(es)}"
        if base.is_over(bs):
            assert engine.outcome(es).winners == base.outcome(bs).winners
            return "mate"
        legal = base.legal_moves(bs)
        names = sorted(base.move_str(m) for m in legal)
        assert names == sorted(engine.move_str(m) for m in engine.legal_moves(es)), f"ply {engine.ply(es)}"
        checks = [base.move_str(m) for m in legal
                  if (lambda after: attacked(after[0], after[2][1 - me], me))(base.apply(bs, m))]
        back, r = last.get(me), rng.random()
        if checks and r < 0.9:
            move = back if back in checks else rng.choice(checks)
        else:
            move = back if back in names and r < 0.95 else rng.choice(names)
        if "*" not in move:     # taking it back: the piece returns (a promotion is not undone)
            last[me] = move[2:4] + move[:2]
        es, bs = engine.apply(es, engine.parse_move(es, move)), base.apply(bs, base.parse_move(bs, move))
    return "long"


def test_random_games_with_repetitions_agree():
    engine, base = load_game(GAMES / "shogi.yaml", {"repetition": "true"}), Shogi()
    ends = [repetition_game(engine, base, seed) for seed in range(60)]
    assert () in ends and ((0,) in ends or (1,) in ends)      # draws, and perpetual checks that lost
