"""The bulk generator of a phase of bare placements (words/place.py bulk_source: the moves onto
the empty cells of the zone read from tables a byte of the board at a time) against the generic
generator, written where it is refused: the same moves in the same order at every position of
random games, on boards of several shapes and sizes; and with landing rules that ask for a filled
cell (or the edge) next to the landing, turned into a mask of the board (support_mask)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook import load_game

GAMES = Path(__file__).resolve().parents[2] / "games"


@pytest.mark.parametrize("file, options", [("tictactoe.yaml", None), ("hex.yaml", None), ("hex.yaml", {"swap": "true"}),
                                           ("gomoku.yaml", None), ("connect4.yaml", None)])
def test_bulk_placements_are_the_generic_ones(monkeypatch, file, options):
    import rulebook.boards.grid.game as grid_game
    bulk = load_game(GAMES / file, options)
    _same_moves(monkeypatch, bulk, lambda: load_game(GAMES / file, options))


def _same_moves(monkeypatch, bulk, load_generic, seeds=range(6)):
    import rulebook.boards.grid.game as grid_game
    monkeypatch.setattr(grid_game, "bulk_source", lambda *a: None)
    generic = load_generic()
    assert "PLACE_play" in bulk.sources["play"] and "PLACE_play" not in generic.sources["play"]
    for seed in seeds:
        rng, st = random.Random(seed), bulk.initial_state()
        while not bulk.is_over(st):
            ms = bulk.legal_moves(st)
            assert ms == generic.legal_moves(st)
            st = bulk.apply(st, rng.choice(ms))


# a piece rests on a filled cell or the edge, sideways (east) on a board of another shape, and
# two such rules at once
SIDEWAYS = """
game: Sideways
players: [white, black]
board:
  grid: {files: 5, ranks: 4}
zones:
  board: all
pieces:
  stone: {}
phases:
  - name: play
    move: place(board)
    landing:
      leans: not empty(neighbour(landing, east))
      %s
end:
  win: in_a_row(3)
  draw: count(empty) == 0
"""


@pytest.mark.parametrize("second", ["", "sits: not empty(neighbour(landing, south))"])
def test_support_rules_become_a_mask_with_the_generic_moves(monkeypatch, tmp_path, second):
    path = tmp_path / "sideways.yaml"
    path.write_text(SIDEWAYS % second)
    bulk = load_game(path)
    assert "SUPPORT_east" in bulk.sources["play"] and ("SUPPORT_south" in bulk.sources["play"]) == bool(second)
    _same_moves(monkeypatch, bulk, lambda: load_game(path), seeds=range(12))


def test_a_rule_of_another_shape_keeps_the_generic_generator(tmp_path):
    path = tmp_path / "sideways.yaml"
    path.write_text(SIDEWAYS % "apart: empty(neighbour(landing, north))")
    assert "PLACE_play" not in load_game(path).sources["play"]
