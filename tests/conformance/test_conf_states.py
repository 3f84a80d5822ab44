"""Conformance, states: hashable values that `apply` never changes, and the end of a game seen
alike by `legal_moves`, `is_over`, `outcome` and `chance_outcomes` (engine/api.py)."""
from __future__ import annotations

import random

import pytest

from rulebook.api import CHANCE

from conformance_cases import ALL, freeze, game, playout

SEEDS = (1, 2)
PLIES = 60            # positions per playout for the checks of apply
LONG = 400            # a playout to its end where random play ends (most games), for the end checks


@pytest.mark.parametrize("case", ALL)
def test_states_are_hashable_and_apply_leaves_them_unchanged(case):
    g = game(case)
    checked = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        st = g.initial_state()
        for _ in range(PLIES):
            if g.is_over(st):
                break
            h, before = hash(st), freeze(st)
            moves = g.legal_moves(st)
            tried = [rng.choice(moves) for _ in range(3)]
            for move in tried:
                hash(move)                                # moves are hashable values too
                after = g.apply(st, move)
                hash(after)
                assert after is not st and after != st, (case, seed, g.ply(st), g.move_str(move))
                # the state it was given is as it was: its hash, its value and every part of it
                assert hash(st) == h, (case, seed, g.ply(st), g.move_str(move))
                assert freeze(st) == before, (case, seed, g.ply(st), g.move_str(move))
                checked += 1
            st = g.apply(st, tried[-1])
    assert checked > 0


@pytest.mark.parametrize("case", ALL)
def test_the_same_moves_give_equal_states_with_equal_hashes(case):
    """Two positions reached by the same moves, made apart, are == and hash alike (a state is a
    value: transposition tables and repetition counts rely on it); a different one is !=."""
    g = game(case)
    for seed in SEEDS:
        steps = playout(case, seed, PLIES)
        st = g.initial_state()
        previous = None
        for old, move in steps:
            assert st == old and hash(st) == hash(old), (case, seed, g.ply(old))
            assert g.ply(st) == g.ply(old) and g.to_move(st) == g.to_move(old)
            if previous is not None:
                assert st != previous, (case, seed, g.ply(old))
            if move is None:
                break
            previous, st = st, g.apply(st, move)


@pytest.mark.parametrize("case", ALL)
def test_no_moves_exactly_when_the_game_is_over(case):
    g = game(case)
    seats = range(len(g.players))
    ends = 0
    for seed in SEEDS:
        for st, move in playout(case, seed, LONG):
            moves = g.legal_moves(st)
            over = g.is_over(st)
            where = (case, seed, g.ply(st))
            assert isinstance(moves, list), where
            assert (len(moves) == 0) == over, where
            # asking again, in the other order, answers the same (the answers are of the state alone)
            assert g.is_over(st) == over and g.legal_moves(st) == moves, where
            res = g.outcome(st)
            assert res.over == over, where
            if over:
                ends += 1
                assert move is None and g.chance_outcomes(st) == [], where
                assert set(res.winners) <= set(g.players), where
                continue
            assert not res.winners, where
            who = g.to_move(st)
            if who == CHANCE:
                # at a chance position the moves are the draws
                drawn = [m for m, _w in g.chance_outcomes(st)]
                assert sorted(map(g.move_str, moves)) == sorted(map(g.move_str, drawn)), where
            else:
                assert who in seats and g.chance_outcomes(st) == [], where
            if move is not None:        # (None: the last position of a playout cut at LONG plies)
                assert move in moves, where
                assert g.ply(g.apply(st, move)) == g.ply(st) + 1, where
    # the playout stops only at the end or at LONG plies
    for seed in SEEDS:
        steps = playout(case, seed, LONG)
        assert len(steps) == LONG + 1 or g.is_over(steps[-1][0])
