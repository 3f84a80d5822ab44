"""`rulebook bench` of several games, or --all (every game file of ./games): one table, or a
JSON list of each game's figures; its refusals located, exit 1, never a traceback. No timing
is asserted: the counts are."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"


def run(*args, cwd=ROOT):
    proc = subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=120)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    return proc


def checkout(tmp_path, *names):
    """A folder with games/ holding these shipped games."""
    (tmp_path / "games").mkdir(parents=True)
    for name in names:
        shutil.copy(GAMES / f"{name}.yaml", tmp_path / "games" / f"{name}.yaml")
    return tmp_path


def test_several_games_as_a_json_list():
    proc = run("bench", GAMES / "tictactoe.yaml", GAMES / "connect4.yaml", "--seconds", "0.05", "--depth", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    figures = json.loads(proc.stdout)
    assert [f["game"] for f in figures] == ["Tic-tac-toe", "Connect Four"]
    assert [f["perft_leaves"] for f in figures] == [72, 49]
    assert all(f["playouts"] >= 1 and f["playout_plies"] > 0 and f["perft_depth"] == 2 for f in figures)
    assert figures[0]["file"].endswith("tictactoe.yaml")


def test_all_measures_every_game_of_the_games_folder(tmp_path):
    here = checkout(tmp_path, "tictactoe", "connect4", "tsuro")
    proc = run("bench", "--all", "--seconds", "0.05", "--depth", "1", "--json", cwd=here)
    assert proc.returncode == 0, proc.stderr
    figures = json.loads(proc.stdout)
    assert [Path(f["file"]).name for f in figures] == ["connect4.yaml", "tictactoe.yaml", "tsuro.yaml"]
    assert [f["perft_leaves"] for f in figures[:2]] == [7, 9]
    table = run("bench", "--all", "--seconds", "0.05", "--depth", "1", cwd=here)
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[0].split()[:3] == ["file", "game", "seats"] and "plies/s" in lines[0]
    assert [line.split()[0] for line in lines[1:]] == ["connect4.yaml", "tictactoe.yaml", "tsuro.yaml"]
    assert lines[2].split()[1:3] == ["Tic-tac-toe", "2"] and "1: 9" in lines[2]


def test_one_game_keeps_its_own_output():
    proc = run("bench", GAMES / "tictactoe.yaml", "--seconds", "0.05", "--depth", "1", "--json")
    fig = json.loads(proc.stdout)
    assert isinstance(fig, dict) and fig["perft_leaves"] == 9 and "file" not in fig


def refused(proc, *words):
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    for word in words:
        assert word in proc.stderr, proc.stderr


def test_refusals(tmp_path):
    refused(run("bench", "--all", GAMES / "hex.yaml", "--seconds", "0.05"), "--all", "no game file")
    refused(run("bench", "--seconds", "0.05"), "name a game file", "--all")
    refused(run("bench", "--all", "--seconds", "0.05", cwd=tmp_path), "--all: no game files in")
    refused(run("bench", GAMES / "hex.yaml", GAMES / "connect4.yaml", "--option", "swap=true", "--seconds", "0.05"),
            "--option")
    refused(run("bench", "--all", "--seconds", "0", cwd=tmp_path), "--seconds")
    # a broken file among them: its own located message
    here = checkout(tmp_path / "broken", "tictactoe")
    (here / "games" / "typo.yaml").write_text("game: Typo\nplayers: [a, b]\nboard: {grid: {files: 3, ranks: 3}}\n"
                                              "phases:\n  - name: play\n    move: plaec(all)\n")
    refused(run("bench", "--all", "--seconds", "0.05", "--depth", "1", cwd=here), "typo.yaml:")


def test_a_playout_stops_at_max_plies():
    proc = run("bench", GAMES / "breakthrough.yaml", "--seconds", "0.05", "--depth", "1", "--max-plies", "5", "--json")
    fig = json.loads(proc.stdout)
    assert fig["playout_plies"] == 5 * fig["playouts"] and fig["playouts_cut"] == fig["playouts"]
    refused(run("bench", GAMES / "breakthrough.yaml", "--seconds", "0.05", "--max-plies", "0"), "--max-plies")
