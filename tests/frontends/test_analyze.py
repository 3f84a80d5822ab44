"""Variant analysis: the summary, its files, rule counts and the side-by-side comparison."""
import json

import pytest

from toygames import factory

from rulebook.play.variants import analyze, compare, histogram
from rulebook.api import RulebookError


def test_analysis_writes_its_plots_and_summary(tmp_path):
    summary = analyze(factory("dice", seats=3), games=20, seed=1, out_dir=tmp_path / "out")
    out = tmp_path / "out"
    for name in ("length_histogram.png", "branching_histogram.png", "seat_win_rates.png"):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    saved = json.loads((out / "summary.json").read_text())
    assert saved["games"] == 20 and saved["seats"] == ["red", "blue", "green"]
    wins = sum(s["wins"] for s in saved["seat_wins"].values())
    assert wins + saved["draws"] == 20 and saved["draw_rate"] == summary["draw_rate"]
    length = saved["length"]
    assert length["min"] <= length["median"] <= length["max"] and sum(length["histogram"]["counts"]) == 20
    assert saved["chance_branching"]["max"] == 3


def test_rule_counts_cover_the_games_played_not_the_searches():
    # in the dice race a decision has one move exactly when the rule `exact` refused 'go'
    for players in ("random", "mcts:iterations=15"):
        summary = analyze(factory("dice", seats=2, goal=5), games=8, seed=2, players=players)
        hist = summary["branching"]["histogram"]
        ones = hist["counts"][hist["edges"].index(1)] if 1 in hist["edges"][:-1] else 0
        assert summary["rule_stats"] == {"exact": ones}


def test_games_without_rule_stats_and_seat_specific_players():
    summary = analyze(factory("nim", piles=(1, 2, 4)), games=6, seed=0, players=["mcts:iterations=300", "random"])
    assert summary["rule_stats"] is None
    assert summary["seat_wins"]["red"]["player"] == "mcts:iterations=300"
    assert summary["seat_wins"]["red"]["wins"] == 6  # the forced win, every time
    assert summary["branching"]["max"] == 7
    with pytest.raises(RulebookError, match="2 seats"):
        analyze(factory("nim"), games=1, players=["random"] * 3)


def test_process_workers_give_the_same_summary():
    f = factory("dice", seats=2)
    assert analyze(f, games=6, seed=3) == analyze(f, games=6, seed=3, workers=2, backend="process")


def test_compare_two_variants():
    a = analyze(factory("dice", seats=2, goal=5), games=10, seed=0)
    b = analyze(factory("dice", seats=2, goal=9), games=10, seed=0)
    text = compare(a, b, ("goal 5", "goal 9"))
    for word in ("option goal", "goal 5", "goal 9", "draw rate", "win rate red", "length mean",
                 "branching mean", "rule exact /game"):
        assert word in text


def test_histogram_bins():
    assert histogram([]) == {"edges": [], "counts": []}
    assert histogram([2, 3, 3, 5]) == {"edges": [2, 3, 4, 5, 6], "counts": [1, 2, 0, 1]}
    wide = histogram(list(range(100)), max_bins=10)
    assert len(wide["counts"]) == 10 and sum(wide["counts"]) == 100


def test_an_analysis_by_the_batch_backend_gives_the_same_figures(tmp_path):
    """--batch: random games many at once; the same summary's figures, close to the one-game-at-
    a-time analysis's (random Connect Four: red wins about 56%, 21 plies, 6.8 moves a position,
    the landing rule refusing about 505 cells a game)."""
    from pathlib import Path
    from rulebook.pipeline import GameFactory
    path = str(Path(__file__).resolve().parents[2] / "games" / "connect4.yaml")
    make = GameFactory(path, (), None, instrument=True)
    summary = analyze(make, games=3000, seed=5, batch=512, out_dir=tmp_path / "out")
    assert summary["batch"] == 512 and summary["games"] == 3000 and summary["unfinished"] == 0
    red = summary["seat_wins"]["red"]
    assert 0.52 < red["win_rate"] < 0.60 and red["mean_score"] == pytest.approx(red["win_rate"] + summary["draw_rate"] / 2)
    assert 20 < summary["length"]["mean"] < 22.5 and 6.6 < summary["branching"]["mean"] < 6.9
    assert 480 < summary["rule_stats"]["supported"] / 3000 < 530
    assert json.loads((tmp_path / "out" / "summary.json").read_text())["games"] == 3000
    with pytest.raises(RulebookError, match="random players only"):
        analyze(make, games=10, batch=8, players="greedy")
    chess = GameFactory(str(Path(path).with_name("chess.yaml")), (), None, instrument=True)
    with pytest.raises(RulebookError, match="no batch backend for Chess"):
        analyze(chess, games=10, batch=8)
