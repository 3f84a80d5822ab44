"""Conformance, moves: every legal move's notation reads back as that move, and chance outcomes
are a probability distribution over legal, appliable draws (engine/api.py)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rulebook.api import CHANCE, IllegalMove

from conformance_cases import ALL, freeze, game, playout, probabilities, sample, with_chance

SEEDS = (1, 2, 3)
PLIES = 60
PARSED = 50           # moves parsed back per position (all of them where there are no more)


@pytest.mark.parametrize("case", ALL)
def test_parse_move_reads_back_every_legal_move(case):
    g = game(case)
    rng = random.Random(0)
    parsed = 0
    for seed in SEEDS:
        # every position of the first playout, every third one of the others
        for st, _move in playout(case, seed, PLIES)[::1 if seed == SEEDS[0] else 3]:
            moves = sample(g.legal_moves(st), rng)        # (a sample where they are tens of thousands)
            texts = [g.move_str(m) for m in moves]
            where = (case, seed, g.ply(st))
            assert all(isinstance(t, str) and t for t in texts), where
            # one text per move: parse_move could not tell two moves of one name apart
            assert len(set(texts)) == len(texts), (where, sorted(t for t in texts if texts.count(t) > 1)[:6])
            # parsing is a search of the legal moves: where they are thousands (Amazons), fewer
            count = min(PARSED, max(5, 10_000 // max(1, len(moves))))
            picked = range(len(moves)) if len(moves) <= count else rng.sample(range(len(moves)), count)
            for i in picked:
                back = g.parse_move(st, texts[i])
                assert back == moves[i] and hash(back) == hash(moves[i]), (where, texts[i])
                parsed += 1
            if moves:       # the notation read with the blanks a person types around it
                assert g.parse_move(st, f" {texts[0]}\n") == moves[0], where
    assert parsed > 0


@pytest.mark.parametrize("case", ALL)
def test_parse_move_refuses_what_is_not_a_legal_move(case):
    g = game(case)
    rng = random.Random(0)
    for seed in SEEDS[:1]:
        for st, _move in playout(case, seed, PLIES)[::7]:
            texts = {g.move_str(m) for m in sample(g.legal_moves(st), rng)}
            for bogus in ("", "no-such-move", "zz99", *(t + "!" for t in sorted(texts)[:2])):
                if bogus.strip() in texts:
                    continue
                with pytest.raises(IllegalMove):
                    g.parse_move(st, bogus)
    end = playout(case, 1, 400)[-1][0]
    if g.is_over(end):      # a finished game has no move at all
        with pytest.raises(IllegalMove):
            g.parse_move(end, "pass")


CHANCY = [c for c in ALL if with_chance(c)]


@pytest.mark.parametrize("case", CHANCY)
def test_chance_outcomes_are_a_distribution_over_legal_draws(case):
    g = game(case)
    seen = 0
    for seed in SEEDS:
        for st, move in playout(case, seed, 120):
            outcomes = g.chance_outcomes(st)
            if g.to_move(st) != CHANCE or g.is_over(st):
                assert outcomes == [], (case, seed, g.ply(st))
                continue
            where = (case, seed, g.ply(st))
            seen += 1
            assert outcomes, where
            moves = [m for m, _w in outcomes]
            assert len(set(moves)) == len(moves), where
            for _m, w in outcomes:
                assert not isinstance(w, bool) and isinstance(w, (int, float, Fraction)), where
                assert w > 0, where
            p = probabilities(outcomes)
            assert sum(p.values()) == 1 and all(0 < x <= 1 for x in p.values()), where
            legal = g.legal_moves(st)
            assert set(moves) == set(legal) and len(legal) == len(moves), where
            before = freeze(st)
            for m in moves:                       # every draw can be made
                after = g.apply(st, m)
                assert g.ply(after) == g.ply(st) + 1, (where, g.move_str(m))
                assert not g.is_over(after) or g.outcome(after).over, (where, g.move_str(m))
            assert freeze(st) == before, where
            if move is not None:
                assert move in moves, where
    assert seen > 0


def test_the_toy_dice_weights_read_as_their_probabilities():
    """The weights are read as given: the toy die is 1:2:1 (a check of the check above)."""
    g = game("toy/dice")
    st = g.initial_state()
    assert g.to_move(st) == CHANCE
    p = probabilities(g.chance_outcomes(st))
    assert {g.move_str(m): x for m, x in p.items()} == {"roll:1": Fraction(1, 4), "roll:2": Fraction(1, 2),
                                                         "roll:3": Fraction(1, 4)}
