"""One seed, one match, whichever command plays it: `play --seed S`, a tournament's game 0 and an
analysis's first game build and seed players and chance the same way (players.seeded_match)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import GAMES, ROOT

from rulebook import load_game
from rulebook.players import match_seed, seeded_match, split_player_specs


def run(*args) -> str:
    proc = subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("stem, players, seed", [
    ("zug", "greedy,random", 11),                  # chance: the bag's draws
    ("connect4", "mcts:iterations=30,random", 5),  # no chance
])
def test_play_tournament_and_analyze_play_the_same_match(tmp_path, stem, players, seed):
    path = GAMES / f"{stem}.yaml"
    game = load_game(path)
    specs = split_player_specs(players)

    record = tmp_path / "match.json"
    run("play", path, "--players", players, "--seed", seed, "--record", record)
    moves = json.loads(record.read_text())["moves"]
    state = game.initial_state()
    for text in moves:
        state = game.apply(state, game.parse_move(state, text))
    outcome = game.outcome(state)
    winners = sorted(outcome.winners)
    plies = game.ply(state)

    # the one function every command plays through gives these very moves
    _, again = seeded_match(game, specs, match_seed(seed, 0)).play()
    assert [game.move_str(m) for m in again] == moves

    first = json.loads(run("tournament", path, "--players", players, "--games", 1, "--seats", "fixed",
                           "--seed", seed, "--json"))["results"][0]
    assert first["seating"] == specs and first["seed"] == match_seed(seed, 0)
    assert (first["winners"], first["plies"], first["over"]) == (winners, plies, True)
    if outcome.scores:
        assert first["scores"] == [float(outcome.scores[p]) for p in game.players]

    run("analyze", path, "--players", players, "--games", 1, "--seed", seed, "--workers", 1, "--out", tmp_path / "a")
    summary = json.loads((tmp_path / "a" / "summary.json").read_text())
    assert summary["length"]["min"] == plies
    assert [summary["seat_wins"][p]["wins"] for p in game.players] == [
        int(winners == [p]) for p in game.players]
