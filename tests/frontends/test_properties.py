"""Property tests over random matches of the grid games: invariants that must always hold."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from rulebook import load_game
from rulebook.play.records import replay_moves
from rulebook.boards.grid.layout import BOARDS, CELLS, RESERVES

from conftest import DATA, GAMES

LEZUG = load_game(GAMES / "lezug.yaml", {"max_plies": "160"})
MINI = load_game(DATA / "mini.yaml")
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_match(game, seed):
    rng = random.Random(seed)
    st, states, moves = game.initial_state(), [], []
    while not game.is_over(st):
        legal = game.legal_moves(st)
        assert legal, "a running game always offers a move (pass included)"
        states.append(st)
        m = rng.choice(legal)
        moves.append(game.move_str(m))
        st = game.apply(st, m)
    return st, states, moves


@SETTINGS
@given(st_.integers(0, 2**32))
def test_pieces_are_kept(seed):
    final, states, _ = random_match(LEZUG, seed)
    for st in states + [final]:
        for seat in range(2):
            on_board = sum(1 for v in st[CELLS] if v == seat + 1)
            assert on_board + st[RESERVES][seat] == 12
            assert bin(st[BOARDS][seat]).count("1") == on_board      # bitboards agree with the cells


@SETTINGS
@given(st_.integers(0, 2**32))
def test_every_listed_move_applies_and_reads_back(seed):
    for game in (LEZUG, MINI):
        _, states, _ = random_match(game, seed)
        rng = random.Random(seed)
        for st in rng.sample(states, min(10, len(states))):
            for m in game.legal_moves(st):
                text = game.move_str(m)
                assert game.parse_move(st, text) == m
                after = game.apply(st, m)
                assert game.ply(after) == game.ply(st) + 1
            texts = [game.move_str(m) for m in game.legal_moves(st)]
            assert len(texts) == len(set(texts)), "one move, one notation"


@SETTINGS
@given(st_.integers(0, 2**32))
def test_records_replay_to_the_same_state(seed):
    for game in (LEZUG, MINI):
        final, _, moves = random_match(game, seed)
        assert replay_moves(game, moves) == final
        assert game.outcome(replay_moves(game, moves)) == game.outcome(final)
