"""tools/bench.py runs both sides with the same drivers and reports every figure (no timing is
asserted here: speed is measured by the tool, never by the tests)."""
from __future__ import annotations

import json

from rulebook import load_game
from rulebook.boards.grid.layout import CELLS
from tools import bench
from tools.baselines.lezug import LeZug

from conftest import GAMES


def test_bench_reports_every_figure_as_json(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert bench.main(["--seconds", "0.01", "--runs", "2", "--depth", "2", "--no-startup", "--no-mcts", "--quiet",
                       "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    figures = report["figures"]
    assert {"lezug_playouts", "lezug_perft"} <= set(figures)
    for f in figures.values():
        assert f["engine"] > 0 and f["baseline"] > 0
        assert len(f["engine_runs"]) == len(f["baseline_runs"]) == 2
        pairs = [e[f["key"]] / b[f["key"]] for e, b in zip(f["engine_runs"], f["baseline_runs"])]
        assert abs(f["ratio"] - sum(pairs) / 2) < 1e-9        # the median of the runs' ratios
    perft = figures["lezug_perft"]
    assert {r["leaves"] for r in perft["engine_runs"] + perft["baseline_runs"]} == {3136}
    assert report["memory"]["lezug_state_bytes"] < 2048
    table = capsys.readouterr().out
    assert "Le zug random playouts" in table and "ratio" in table


def test_both_sides_use_the_same_drivers():
    game, base = load_game(GAMES / "lezug.yaml"), LeZug()
    assert bench.perft_rate(game, 3)["leaves"] == bench.perft_rate(base, 3)["leaves"] == 104272
    again = bench.perft_rate(game, 2, seconds=0.05)         # counted again until the time is spent
    assert again["leaves"] == 3136 and again["counts"] > 1 and again["seconds"] >= 0.05
    for side in (game, base):
        r = bench.playout_rate(side, 1, 0.0)     # at least one whole match
        assert r["matches"] == 1 and r["plies"] > 0


def test_a_state_is_small():
    game = load_game(GAMES / "lezug.yaml")
    st = bench._midgame(game)
    assert bench.state_bytes(st) < 2048
    assert bench.state_bytes(st) >= len(st[CELLS])
