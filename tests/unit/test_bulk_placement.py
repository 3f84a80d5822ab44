"""The bulk generator of a phase of bare placements (words/place.py bulk_source: the moves onto
the empty cells of the zone read from tables a byte of the board at a time) against the generic
generator, written where it is refused: the same moves in the same order at every position of
random games, on boards of several shapes and sizes."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook import load_game

GAMES = Path(__file__).resolve().parents[2] / "games"


@pytest.mark.parametrize("file, options", [("tictactoe.yaml", None), ("hex.yaml", None), ("hex.yaml", {"swap": "true"}),
                                           ("gomoku.yaml", None)])
def test_bulk_placements_are_the_generic_ones(monkeypatch, file, options):
    import rulebook.boards.grid.game as grid_game
    bulk = load_game(GAMES / file, options)
    monkeypatch.setattr(grid_game, "bulk_source", lambda *a: None)
    generic = load_game(GAMES / file, options)
    assert "PLACE_play" in bulk.sources["play"] and "PLACE_play" not in generic.sources["play"]
    for seed in range(6):
        rng, st = random.Random(seed), bulk.initial_state()
        while not bulk.is_over(st):
            ms = bulk.legal_moves(st)
            assert ms == generic.legal_moves(st)
            st = bulk.apply(st, rng.choice(ms))
