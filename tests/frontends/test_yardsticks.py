"""The outside yardsticks (tools/yardsticks.py) play real games through each program's own
protocol: gnugo over GTP, stockfish over UCI (python-chess), OpenSpiel's MCTS bot through the
OpenSpiel bridge. A short game of each; the figures themselves are the tool's, not the suite's."""
from __future__ import annotations

import re

import pytest

from tools import yardsticks


@pytest.mark.parametrize("name", ["go-gnugo", "chess-stockfish", "tictactoe-openspiel", "connect4-openspiel"])
def test_a_yardstick_plays_its_games_to_the_end(name, capsys):
    assert yardsticks.missing(yardsticks.YARDSTICKS[name][1]) is None      # CI installs every program
    assert yardsticks.main(["--only", name, "--games", "2", "--seconds", "0.05", "--simulations", "20",
                            "--seeds", "5-6", "--moves"]) == 0
    out = capsys.readouterr().out
    games = re.findall(rf"  {name} game \d: (?:first|second) seat, (?:won|drew|lost) in (\d+) plies.*\n"
                       r"    seed (\d), moves: (.*)", out)
    assert [seed for _plies, seed, _moves in games] == ["5", "6"]
    for plies, _seed, moves in games:        # a game's moves, all of them, as the protocol wrote them
        assert len(moves.split()) == int(plies) and moves.strip()
    assert re.search(rf"^{name} +\d-\d-\d of 2: score \d+\.\d%, wins 95% CI", out, re.M)


def test_an_unknown_yardstick_is_refused(capsys):
    assert yardsticks.main(["--only", "go-kata"]) == 1
    assert "unknown yardstick 'go-kata'" in capsys.readouterr().err


def test_the_openspiel_bot_is_held_to_rulebooks_time_a_move(capsys):
    # no --simulations: the bot's simulations are set from its measured rate to fit --seconds
    assert yardsticks.main(["--only", "tictactoe-openspiel", "--games", "2", "--seconds", "0.05",
                            "--player", "alphabeta", "--seat", "first", "--seeds", "5-6"]) == 0
    out = capsys.readouterr().out
    assert len(re.findall(r"game \d: first seat, (won|drew) in \d+ plies \(bot: \d+ simulations a move\)", out)) == 2
