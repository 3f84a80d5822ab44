"""Conformance, states: hashable values that `apply` never changes, and the end of a game seen
alike by `legal_moves`, `is_over`, `outcome` and `chance_outcomes` (engine/api.py)."""
from __future__ import annotations

import json
import random

import pytest

from rulebook.api import CHANCE

from conformance_cases import ALL, HUGE, freeze, game, is_grid, playout

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


@pytest.mark.parametrize("case", ALL)
def test_outcome_and_evaluate_speak_of_the_seats(case):
    """outcome: winners and scores name seats of this match; evaluate: None (undeclared) or one
    number in 0..1 per seat, at every position of the playouts."""
    g = game(case)
    seats = set(g.players)
    declared = None
    for seed in SEEDS:
        for st, _move in playout(case, seed, LONG)[::5] + playout(case, seed, LONG)[-1:]:
            where = (case, seed, g.ply(st))
            res = g.outcome(st)
            assert set(res.winners) <= seats and len(set(res.winners)) == len(res.winners), where
            assert set(res.scores) <= seats, where
            if res.over:
                assert set(res.scores) == seats, where
            value = g.evaluate(st)
            if declared is None:
                declared = value is not None
            assert (value is not None) == declared, where      # declared for a game, or not at all
            if value is not None:
                value = list(value)
                assert len(value) == len(g.players), where
                assert all(0.0 <= float(x) <= 1.0 for x in value), (where, value)


@pytest.mark.parametrize("case", ALL)
def test_answers_do_not_depend_on_call_order_or_on_changing_a_returned_list(case):
    """legal_moves returns a list the caller owns: clearing it changes no later answer, whichever
    of is_over and legal_moves was asked first (the grid kind keeps the last moves it made)."""
    g = game(case)
    for seed in SEEDS:
        for k, (st, move) in enumerate(playout(case, seed, PLIES)):
            where = (case, seed, g.ply(st))
            ref = list(g.legal_moves(st))
            if len(ref) > HUGE and k % 6:         # tens of thousands of moves: one such position in six
                continue
            over = g.is_over(st)
            for first_is_over in (True, False):
                if first_is_over:
                    assert g.is_over(st) == over, where
                got = g.legal_moves(st)
                assert got == ref, where
                got.clear()
                got.append("not a move")
                assert g.is_over(st) == over and g.legal_moves(st) == ref, where
            if move is not None:
                child = g.apply(st, move)
                g.legal_moves(child).clear()
                assert g.legal_moves(st) == ref, where
                assert g.is_over(child) == (not g.legal_moves(child)), where


@pytest.mark.parametrize("case", [c for c in ALL if is_grid(c)
                                  # its start has no piece at all: the position reader settles it as the
                                  # win of `count(theirs) == 0` for the seat that moved last (a set position's
                                  # result, state.py's _settled), where play has not yet looked
                                  and c != "words/owners"])
def test_a_position_reads_back_from_its_json_form(case):
    """The grid kind's position form (`show --json`, read by `--position`: docs/positions.md):
    the position read back from a state's JSON has the same JSON, whose turn, moves and end."""
    from rulebook.play.positions import position_state
    g = game(case)
    for seed in SEEDS:
        for st, _move in playout(case, seed, LONG)[::4]:
            js = g.position_json(st)
            back = position_state(g, json.loads(json.dumps(js)), "position")
            where = (case, seed, g.ply(st))
            assert g.position_json(back) == js, where
            assert g.to_move(back) == g.to_move(st) and g.ply(back) == g.ply(st), where
            if not g.is_over(st):
                mine, theirs = g.legal_moves(back), g.legal_moves(st)
                if len(theirs) > HUGE:      # tens of thousands: the moves themselves, not their texts
                    assert set(mine) == set(theirs) and len(mine) == len(theirs), where
                else:
                    assert sorted(map(g.move_str, mine)) == sorted(map(g.move_str, theirs)), where


@pytest.mark.parametrize("case", [c for c in ALL if is_grid(c)])
def test_is_there_a_move_agrees_with_the_moves(case):
    """The grid kind writes a second search that stops at the first move found (for `stuck` and
    blocked players): it says yes exactly when the move generator finds a move, for either player
    to move (the other one's turn asked of the same pieces, in two-player games)."""
    from conformance_cases import any_move_and_moves, with_to_move
    g = game(case)
    asked = 0
    for seed in SEEDS:
        for st, _move in playout(case, seed, LONG)[::2]:
            if g.is_over(st):
                continue
            states = [st]
            if len(g.players) == 2:
                states.append(with_to_move(g, st, 1 - g.to_move(st)))
            for s in states:
                if g.is_over(s):
                    continue
                found, moves = any_move_and_moves(g, s)
                assert found == bool(moves), (case, seed, g.ply(st), g.to_move(s))
                asked += 1
    assert asked > 0


@pytest.mark.parametrize("case", ALL)
def test_apply_shares_nothing_it_changes_later(case):
    """Every move from a position, then a move from each child: the position and every child
    stay as they were (no part of a state is shared with another and changed by a later apply)."""
    g = game(case)
    rng = random.Random(11)
    families = 0
    for seed in SEEDS:
        for st, _move in playout(case, seed, PLIES)[::6]:
            if g.is_over(st):
                continue
            moves = g.legal_moves(st)
            moves = moves if len(moves) <= 40 else rng.sample(moves, 40 if len(moves) <= HUGE else 8)
            parent = freeze(st)
            children = [g.apply(st, m) for m in moves]
            kept = [freeze(c) for c in children]
            for c in children:
                if not g.is_over(c):
                    g.apply(c, rng.choice(g.legal_moves(c)))
            where = (case, seed, g.ply(st))
            assert freeze(st) == parent, where
            for m, c, k in zip(moves, children, kept):
                assert freeze(c) == k, (where, g.move_str(m))
            families += 1
    assert families > 0
