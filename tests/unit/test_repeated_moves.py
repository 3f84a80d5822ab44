"""When may two ways through one kind's patterns give the same move (patterns.may_repeat, which
makes the generator deduplicate a kind's moves)? Where they cannot, no moves are deduplicated
(chess: a pawn's step and double step, its capture and en passant, a king's step and castling);
where they can, the list still holds each move once."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook import load_game
from rulebook.boards.grid.patterns import may_repeat

GAMES = Path(__file__).resolve().parents[2] / "games"

RACE = """
game: Repeats
players:
  - {name: up, forward: north}
  - {name: down, forward: south}
options:
  max_plies: {default: 40, min: 1}
board:
  grid: {files: 5, ranks: 5}
directions:
  ahead: [front]
  slant: [front-left, front-right]
  straight: [front, back, left, right]
zones:
  home: rank 1
  goal: rank 5
pieces:
  stone: {start: home}
phases:
  - name: play
    move: %s
end:
  win: any(mine in goal)
  draw: ply >= option.max_plies
"""


def kinds_repeat(game) -> list[bool]:
    return [may_repeat(alts, game.vectors) for _k, alts in game.rules.phases[0].kinds]


def test_chess_kinds_give_distinct_moves_and_no_list_is_deduplicated():
    chess = load_game(GAMES / "chess.yaml")
    assert not any(kinds_repeat(chess))
    assert "fromkeys" not in chess.sources["play"]
    rng = random.Random(5)
    for _ in range(4):
        st = chess.initial_state()
        for _ in range(120):
            if chess.is_over(st):
                break
            moves = chess.legal_moves(st)
            assert len(set(moves)) == len(moves)
            st = chess.apply(st, rng.choice(moves))


@pytest.mark.parametrize("move, repeats", [
    ("step(ahead) | step(ahead) step(ahead)", False),            # a step more: another cell
    ("step(slant, capture=only) | step(slant)", False),          # onto an enemy, or onto an empty cell
    ("step(slant) | step(slant) step(slant)", True),             # two vectors: not told apart
    ("step(ahead) | step(ahead) step(ahead) step(ahead)", True),   # two steps more: not told apart
    ("step(slant, capture=yes) | step(slant)", True),            # both may land on an empty cell
    ("step(adjacent) | step(straight)", True),                   # directions in common
])
def test_which_alternatives_may_give_one_move(tmp_path, move, repeats):
    path = tmp_path / "repeats.yaml"
    path.write_text(RACE % move)
    game = load_game(path)
    assert kinds_repeat(game) == [repeats]
    if game.general:        # (a plain game's search collects each piece's cells in a set)
        assert ("fromkeys" in game.sources["play"]) == repeats
    rng = random.Random(2)
    for _ in range(6):
        st = game.initial_state()
        while not game.is_over(st):
            moves = game.legal_moves(st)
            assert len(set(moves)) == len(moves)
            st = game.apply(st, rng.choice(moves))
