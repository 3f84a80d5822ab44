"""The shipped corpus games as a whole: golden perft from the start (the figures of each game's
page in docs/games/, computed by programs independent of this engine), every game file
validates, and every game plays to its end through `rulebook play` with each kind of player.

The perft depths are the deepest that each run in a few seconds at most on a 2-core machine, so
the whole file stays well under a minute.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rulebook import load_game

try:                                    # perft's home: rulebook.analysis, later rulebook.play.measure
    from rulebook.analysis import perft
except ImportError:                     # pragma: no cover - whichever of the two exists
    from rulebook.play.measure import perft

from conftest import GAMES, ROOT, play_and_replay

# ---------------------------------------------------------------- the golden figures
# game file -> (seats or None, leaf-convention perft from the start, depth 1 first).
# From docs/games/*.md ("Reference perft figures"); each list stops at the depth that still runs
# in a few seconds here (the pages give deeper figures for some games).
PERFT: dict[str, tuple[int | None, list[int]]] = {
    "breakthrough.yaml": (None, [22, 484, 11132, 256036, 6182818]),
    "tictactoe.yaml": (None, [9, 72, 504, 3024, 15120, 56160, 154944, 255168, 255168]),
    "connect4.yaml": (None, [7, 49, 343, 2401, 16807, 117649, 823536]),
    "gomoku.yaml": (None, [225, 50400, 11239200]),
    "english_draughts.yaml": (None, [7, 49, 302, 1469, 7361, 36768, 179740, 845931]),
    "reversi.yaml": (None, [4, 12, 56, 244, 1396, 8200, 55092]),
    "hex.yaml": (None, [121, 14520, 1727880]),
    "amazons.yaml": (None, [2176, 4307152]),
    "halma.yaml": (None, [40, 1600, 85440, 4562496]),
    "chinese_checkers.yaml": (2, [14, 196, 4760, 115600, 3188520]),
    "chess.yaml": (None, [20, 400, 8902, 197281]),
}

# The exact convention (only sequences of exactly D plies count) where it differs from the leaf
# one within reach: tic-tac-toe from depth 6 (the earliest win is on ply 5).
PERFT_EXACT: dict[str, tuple[int | None, list[int]]] = {
    "tictactoe.yaml": (None, [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]),
    "chess.yaml": (None, [20, 400, 8902, 197281]),
}

# The figures the task names as the minimum (docs/games/*.md); the table above must hold them.
REQUIRED = {
    "breakthrough.yaml": [22, 484, 11132, 256036],
    "tictactoe.yaml": [9, 72, 504, 3024, 15120, 56160, 154944, 255168, 255168],
    "connect4.yaml": [7, 49, 343, 2401, 16807, 117649],
    "gomoku.yaml": [225, 50400],
    "english_draughts.yaml": [7, 49, 302, 1469, 7361, 36768],
    "reversi.yaml": [4, 12, 56, 244, 1396, 8200],
    "hex.yaml": [121, 14520],
    "amazons.yaml": [2176],
    "halma.yaml": [40, 1600, 85440],
    "chinese_checkers.yaml": [14, 196, 4760, 115600],
    "chess.yaml": [20, 400, 8902, 197281],
}

_GAMES: dict = {}


def game(file: str, seats: int | None = None, **options):
    key = (file, seats, tuple(sorted(options.items())))
    if key not in _GAMES:
        _GAMES[key] = load_game(GAMES / file, options=options or None, players=seats)
    return _GAMES[key]


def _cases(table):
    return [pytest.param(f, seats, d, n, id=f"{f.removesuffix('.yaml')}-{d}")
            for f, (seats, figs) in table.items() for d, n in enumerate(figs, start=1)]


def test_the_table_covers_the_required_figures():
    assert set(PERFT) == set(REQUIRED)
    for f, figs in REQUIRED.items():
        assert PERFT[f][1][:len(figs)] == figs, f


@pytest.mark.parametrize("file,seats,depth,leaves", _cases(PERFT))
def test_perft_from_the_start(file, seats, depth, leaves):
    g = game(file, seats)
    assert perft(g, g.initial_state(), depth) == leaves


@pytest.mark.parametrize("file,seats,depth,leaves", _cases(PERFT_EXACT))
def test_perft_exact_from_the_start(file, seats, depth, leaves):
    g = game(file, seats)
    assert perft(g, g.initial_state(), depth, exact=True) == leaves


def test_hex_perft_with_the_swap_rule():
    """docs/games/hex.md: with swap=true, 121, 14,641 (121 x 121: blue may also name red's cell)
    and 1,742,400 (121 x (120 x 119 + 1 x 120): after a swap red has 120 cells)."""
    g = game("hex.yaml", swap=True)
    st = g.initial_state()
    assert [perft(g, st, d) for d in (1, 2, 3)] == [121, 14641, 1742400]


# ---------------------------------------------------------------- the CLI
def rulebook(*args, **env):
    return subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env={**os.environ, **env})


CORPUS = ["breakthrough.yaml", "tictactoe.yaml", "connect4.yaml", "gomoku.yaml", "english_draughts.yaml",
          "reversi.yaml", "hex.yaml", "amazons.yaml", "halma.yaml", "halma4.yaml", "chinese_checkers.yaml", "chess.yaml"]


def test_every_game_file_validates():
    files = sorted(GAMES.glob("*.yaml"))
    assert {f.name for f in files} >= set(CORPUS)
    proc = rulebook("validate", *files, RULEBOOK_NO_CACHE="1")      # checked afresh, not from the cache
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().splitlines() == [f"{f}: ok" for f in files], proc.stdout


# (game file, seats, options): halma's long random and AI games are cut short by max_plies
SEATINGS = [
    ("breakthrough.yaml", 2, {}),
    ("tictactoe.yaml", 2, {}),
    ("connect4.yaml", 2, {}),
    ("gomoku.yaml", 2, {}),
    ("english_draughts.yaml", 2, {}),
    ("reversi.yaml", 2, {}),
    ("hex.yaml", 2, {}),
    ("amazons.yaml", 2, {}),
    ("halma.yaml", 2, {"max_plies": 60}),
    ("halma4.yaml", 4, {"max_plies": 60}),
    ("chinese_checkers.yaml", 2, {}),
    ("chinese_checkers.yaml", 3, {}),
    ("chinese_checkers.yaml", 4, {}),
    ("chinese_checkers.yaml", 6, {}),
    ("connect6.yaml", 2, {}),
    ("pentago.yaml", 2, {}),
    ("xiangqi.yaml", 2, {"max_plies": 200}),
    ("shogi.yaml", 2, {"max_plies": 40}),
    ("minishogi.yaml", 2, {"max_plies": 60}),
]
NO_DRAWS = {"breakthrough.yaml", "hex.yaml", "amazons.yaml"}     # a game of these always has a winner


# Connect6 lists 64,620 moves a position: MCTS shuffles every new node's moves and tries each
# move for a win in one, so a match takes minutes; random and greedy players play it to its end
NOT_WITH = {("connect6.yaml", "mcts:iterations=20")}


@pytest.mark.parametrize("file,seats,options,spec", [
    pytest.param(*s, spec, id=f"{s[0].removesuffix('.yaml')}-{s[1]}-{spec}")
    for spec in ["random", "greedy", "mcts:iterations=20"] for s in SEATINGS if (s[0], spec) not in NOT_WITH])
def test_play_to_the_end(file, seats, options, spec, tmp_path):
    g, st, rec = play_and_replay(GAMES / file, spec, tmp_path, seats=seats, options=options)
    winners = g.outcome(st).winners
    if file in NO_DRAWS:
        assert len(winners) == 1, winners
    if "max_plies" in options:
        assert len(rec["moves"]) <= options["max_plies"]
