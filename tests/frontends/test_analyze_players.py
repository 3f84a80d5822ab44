"""`rulebook analyze` with any players, on the workers, and both variants in the same plots."""
import json

import pytest

from conftest import DATA, ROOT, run_cli
from toygames import factory

from rulebook.api import RulebookError
from rulebook.play.variants import analyze, write_comparison_plots

PNG = b"\x89PNG\r\n\x1a\n"


run = run_cli


def test_analyze_with_search_players_draws_both_variants_together(tmp_path):
    proc = run("analyze", DATA / "mini.yaml", "--games", "4", "--players", "mcts:iterations=20", "--workers", "2",
               "--vs", "max_plies=10", "--out", tmp_path)
    assert proc.returncode == 0, proc.stderr
    for name in ("compare_length.png", "compare_branching.png", "compare_seat_win_rates.png"):
        assert (tmp_path / name).read_bytes()[:8] == PNG
    for variant in ("a", "b"):
        summary = json.loads((tmp_path / variant / "summary.json").read_text())
        assert summary["players"] == ["mcts:iterations=20"] * 2 and summary["games"] == 4
    assert "compare_*.png" in proc.stdout


@pytest.mark.parametrize("players, words", [
    ("mcts:iterations=x", "iterations must be int"),
    ("alphabeta", "alphabeta plays two-player games"),
    ("human", "cannot seat a human"),
])
def test_analyze_refuses_bad_players_before_playing(tmp_path, players, words):
    proc = run("analyze", ROOT / "games" / "zug.yaml", "--seat-count", "3", "--games", "2", "--players", players,
               "--out", tmp_path / "out")
    assert proc.returncode == 1 and words in proc.stderr
    assert not (tmp_path / "out" / "summary.json").exists()


def test_comparison_plots_from_summaries(tmp_path):
    a = analyze(factory("dice", seats=2, goal=5), games=6, seed=0, players="greedy")
    b = analyze(factory("dice", seats=2, goal=9), games=6, seed=0, players="mcts:iterations=10")
    files = write_comparison_plots(a, b, ("goal 5", "goal 9"), tmp_path / "cmp")
    assert len(files) == 3 and all(open(f, "rb").read(8) == PNG for f in files)
    with pytest.raises(RulebookError, match="human"):
        analyze(factory("dice", seats=2), games=1, players="human")
