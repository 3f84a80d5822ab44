"""Tournaments: pairings, reproducibility across workers and back-ends, the result table."""
import json
import sys
from collections import Counter

import pytest

from toygames import factory

from rulebook.api import RulebookError
from rulebook.play.tournament import mean_interval, pairings, run_tournament, wilson_interval

NIM = factory("nim", piles=(1, 2, 4))
DICE3 = factory("dice", seats=3, goal=6)


def test_pairings_rotate_or_fix_the_seats():
    assert pairings(2, 2, "rotate") == [[(0, 1), (1, 0)]]
    assert pairings(3, 2, "fixed") == [[(0, 1)], [(0, 2)], [(1, 2)]]
    three = pairings(4, 3, "rotate")
    assert len(three) == 4 and three[0] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    with pytest.raises(RulebookError, match="3 seats but only 2 players"):
        pairings(2, 3, "rotate")
    with pytest.raises(RulebookError, match="'rotate' or 'fixed'"):
        pairings(2, 2, "shuffle")


def test_results_are_identical_whatever_the_worker_count():
    specs = ["random", "greedy", "mcts:iterations=20"]
    one = run_tournament(DICE3, specs + ["random"], games=3, workers=1, backend="process", seed=7)
    two = run_tournament(DICE3, specs + ["random"], games=3, workers=2, backend="process", seed=7)
    local = run_tournament(DICE3, specs + ["random"], games=3, backend="local", seed=7)
    assert one.to_json() == two.to_json() == local.to_json()
    other = run_tournament(DICE3, specs + ["random"], games=3, backend="local", seed=8)
    assert other.to_json() != local.to_json()


def test_json_and_table_of_a_two_player_tournament():
    result = run_tournament(NIM, ["greedy", "mcts:iterations=200"], games=6, seats="rotate", seed=1)
    data = json.loads(result.to_json())
    assert data["games"] == 6 and data["seating"] == "rotate"
    rows = {row["player"]: row for row in data["standings"]}
    for row in rows.values():
        assert row["games"] == 6 == row["wins"] + row["draws"] + row["losses"]
        lo, hi = row["win_rate_ci95"]
        assert 0 <= lo <= row["win_rate"] <= hi <= 1
    assert rows["greedy"]["wins"] + rows["mcts:iterations=200"]["wins"] == 6
    # seats rotate: each player moved first in half the games
    assert Counter(r["seating"][0] for r in data["results"]) == {"greedy": 3, "mcts:iterations=200": 3}
    text = result.render()
    assert "greedy" in text and "Win rate" in text and "Nim" in text


def test_fixed_seats_and_repeated_specs():
    result = run_tournament(NIM, ["random", "random"], games=4, seats="fixed", seed=3)
    (row,) = result.standings()
    assert row["player"] == "random" and row["games"] == 8 and row["wins"] == 4
    assert sum(result.seat_win_rates().values()) == pytest.approx(1.0)


def test_points_when_the_game_gives_scores():
    result = run_tournament(DICE3, ["random", "random", "random"], games=2, seed=0)
    assert result.score_kind == "score"
    assert all(len(r.scores) == 3 for r in result.results)


def test_errors_are_rulebook_errors():
    with pytest.raises(RulebookError, match="backends are: local, process, ray"):
        run_tournament(NIM, ["random", "random"], games=1, backend="mpi")
    with pytest.raises(RulebookError, match="cannot seat a human"):
        run_tournament(NIM, ["human", "random"], games=1)
    with pytest.raises(RulebookError, match="unknown player"):
        run_tournament(NIM, ["random", "minimax"], games=1)
    with pytest.raises(RulebookError, match="picklable"):
        run_tournament(lambda: NIM(), ["random", "random"], games=1, workers=2, backend="process")


def test_ray_missing_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    with pytest.raises(RulebookError, match="pip install ray"):
        run_tournament(NIM, ["random", "random"], games=1, backend="ray")


def test_ray_backend_gives_the_same_results():
    pytest.importorskip("ray")
    specs = ["random", "greedy"]
    assert (run_tournament(NIM, specs, games=2, workers=2, backend="ray", seed=4).to_json()
            == run_tournament(NIM, specs, games=2, seed=4).to_json())


def test_forced_progress_bar_goes_to_stderr(capsys):
    run_tournament(NIM, ["random", "random"], games=2, seed=0, progress="force")
    assert "tournament" in capsys.readouterr().err
    run_tournament(NIM, ["random", "random"], games=2, seed=0, progress=True)  # no tty: silent
    assert capsys.readouterr().err == ""


def test_intervals():
    lo, hi = wilson_interval(0, 10)
    assert lo == 0 and 0.2 < hi < 0.35
    lo, hi = wilson_interval(5, 10)
    assert lo < 0.5 < hi and hi - 0.5 == pytest.approx(0.5 - lo)
    assert mean_interval([1.0]) is None
    lo, hi = mean_interval([1.0, 2.0, 3.0])
    assert lo < 2 < hi
