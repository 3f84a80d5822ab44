"""The `rulebook` command line, run as a user would: outputs, records, exit codes, no tracebacks."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import DATA, GAMES, ROOT, line_of, vector

LEZUG = str(GAMES / "lezug.yaml")


def run(*args, ok=True):
    proc = subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr
    if ok:
        assert proc.returncode == 0, proc.stderr
    return proc


def test_play_writes_a_record_that_replays(tmp_path):
    rec = tmp_path / "match.json"
    out = run("play", LEZUG, "--players", "random,random", "--seed", "7", "--record", rec,
              "--option", "max_plies=40").stdout
    assert out.strip() == "a draw after 40 plies"
    data = json.loads(rec.read_text())
    assert data["players"] == ["white", "black"] and data["agents"] == ["random", "random"]
    assert data["options"] == {"max_plies": 40, "blocked": "pass"} and data["seed"] == 7
    assert len(data["moves"]) == 40 and data["moves"][0].count("+") == 2
    replayed = run("replay", LEZUG, rec).stdout
    assert replayed.strip().endswith("a draw after 40 plies")
    # the same seed plays the same match
    again = tmp_path / "again.json"
    run("play", LEZUG, "--seed", "7", "--record", again, "--option", "max_plies=40")
    assert json.loads(again.read_text())["moves"] == data["moves"]


def test_play_several_games_prints_a_summary():
    out = run("play", LEZUG, "--games", "3", "--option", "max_plies=10").stdout.splitlines()
    assert out[:3] == [f"game {i}: a draw after 10 plies" for i in (1, 2, 3)]
    assert out[3] == "summary over 3 games (3 draws):"


def test_replay_trace_matches_the_reference_game(tmp_path):
    v = vector("lezug-decisive-3001.json")
    rec = tmp_path / "ref.json"
    rec.write_text(json.dumps({"moves": v["moves"]}))
    lines = [json.loads(x) for x in run("replay", LEZUG, rec, "--trace").stdout.splitlines()]
    assert len(lines) == len(v["moves"]) + 1
    for i, line in enumerate(lines[:-1]):
        assert line == {"ply": i, "player": "white" if i % 2 == 0 else "black", "legal": v["legal"][i],
                        "move": v["moves"][i]}
    assert lines[-1] == {"result": {"over": True, "winners": ["white"], "scores": {"white": 1.0, "black": 0.0}}}


def test_replay_reports_an_illegal_move_with_its_ply(tmp_path):
    rec = tmp_path / "bad.json"
    rec.write_text(json.dumps({"moves": ["d2+h2+n2", "h16+n16+p16", "g1-g2"]}))
    proc = run("replay", LEZUG, rec, ok=False)
    assert proc.returncode == 1
    assert proc.stderr.strip() == f"{rec}: ply 2 (move 3): 'g1-g2' is not a legal move here (34 legal moves)"


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    ('{"moves": "e2-e4"}', "'moves' must be a list of move texts"),
    ('{"moves": [], "players": ["red", "blue"]}', "are not this game's seats"),
    ('{"moves": [], "game": "Zug"}', "a record of 'Zug', not of 'Le zug'"),
])
def test_bad_records(tmp_path, content, message):
    rec = tmp_path / "r.json"
    rec.write_text(content)
    proc = run("replay", LEZUG, rec, ok=False)
    assert proc.returncode == 1 and message in proc.stderr


def test_moves_and_why(tmp_path):
    assert len(run("moves", LEZUG).stdout.split()) == 56
    rec = tmp_path / "r.json"
    rec.write_text(json.dumps({"moves": ["d2+h2+n2", "h16+n16+p16"]}))
    moves = run("moves", LEZUG, "--record", rec).stdout.split()
    assert moves[:3] == ["a1-b2", "c1-b2", "c1-d4"] and len(moves) == 34
    why = run("moves", LEZUG, "--record", rec, "--why", "g1-f4").stdout.strip()
    assert why == "'g1-f4': no pattern of phase 'race' reaches f4 from g1"
    assert run("moves", LEZUG, "--why", "b2+d2+f2").stdout.strip() == "'b2+d2+f2' is legal"


@pytest.mark.parametrize("ply,move,rule", [(28, "o13-n14", "entry"), (165, "n4-o5", "confined")])
def test_why_names_the_rule_and_its_line(tmp_path, ply, move, rule):
    # positions of the reference game: white's o13 may not enter black's station while white
    # still has pieces at home; black, in backward mode at ply 165, may not step out of it
    rec = tmp_path / "r.json"
    rec.write_text(json.dumps({"moves": vector("lezug-decisive-3001.json")["moves"][:ply]}))
    text = run("moves", LEZUG, "--record", rec, "--why", move).stdout.strip()
    line = line_of(LEZUG, f"{rule}: ")
    assert text == f"'{move}' is refused by rule '{rule}' of phase 'race' ({LEZUG}:{line})"
    assert move not in run("moves", LEZUG, "--record", rec).stdout.split()


def test_perft_prints_the_count_last():
    assert run("perft", LEZUG, "2").stdout.splitlines()[-1] == "3136"
    assert run("perft", LEZUG, "1", "--divide").stdout.splitlines()[-1] == "56"


def test_show_draws_the_board(tmp_path):
    rec = tmp_path / "r.json"
    rec.write_text(json.dumps({"moves": ["d2+h2+n2", "h16+n16+p16", "g1-h4"]}))
    out = run("show", LEZUG, "--record", rec, "--ply", "1").stdout.splitlines()
    assert out[0].startswith(" 17 B   B   B")
    assert out[15] == "  2   .   W   .   W   .   .   W   .  "
    assert out[16] == "  1 W   W   W   W   W   W   W   W   W"
    assert out[-1] == "to move: black"
    assert run("show", LEZUG, "--record", rec, "--ply", "9", ok=False).returncode == 1


def test_bench_reports_both_figures():
    out = json.loads(run("bench", LEZUG, "--seconds", "0.3", "--depth", "2", "--json").stdout)
    assert out["perft_leaves"] == 3136 and out["playout_plies"] > 0


def test_bench_batch_measures_many_games_at_once_and_refuses_what_it_cannot_play():
    out = json.loads(run("bench", str(GAMES / "connect4.yaml"), "--seconds", "0.2", "--depth", "1", "--batch", "64",
                         "--json").stdout)
    assert out["batch"] == 64 and out["batch_plies"] > 0 and out["batch_games"] > 0
    text = run("bench", str(GAMES / "tictactoe.yaml"), "--seconds", "0.2", "--depth", "1", "--batch", "32").stdout
    assert "batch of 32 games at once:" in text
    for args, message in ((("--batch", "0"), "--batch 0: write a number of games from 1 to 100,000"),
                          (("--batch", "100001"), "from 1 to 100,000")):
        proc = run("bench", LEZUG, "--seconds", "0.2", *args, ok=False)
        assert proc.returncode == 1 and message in proc.stderr and "Traceback" not in proc.stderr
    proc = run("bench", str(GAMES / "chess.yaml"), "--seconds", "0.2", "--depth", "1", "--batch", "8", ok=False)
    assert proc.returncode == 1 and "no batch backend for Chess" in proc.stderr
    proc = run("bench", str(GAMES / "zug.yaml"), "--seconds", "0.2", "--depth", "1", "--batch", "8", ok=False)
    assert proc.returncode == 1 and "no batch backend for Zug" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("args,message", [
    (("play", LEZUG, "--option", "speed=3"), "unknown option 'speed'"),
    (("play", LEZUG, "--option", "max_plies"), "write NAME=VALUE"),
    (("play", LEZUG, "--players", "random,chess"), "chess"),
    (("play", LEZUG, "--players", "random"), "2"),
    (("perft", LEZUG, "deep"), "Invalid value for 'depth'"),
    (("play", "no/such/game.yaml"), "no such file"),
    (("validate", str(DATA / "broken" / "python_tag.yaml")), "is not allowed"),
    (("play", LEZUG, "--frobnicate"), "No such option"),
])
def test_bad_input_exits_1_with_a_message(args, message):
    proc = run(*args, ok=False)
    assert proc.returncode == 1
    assert message in proc.stderr


def test_schema_is_json():
    assert json.loads(run("schema").stdout)["title"] == "rulebook game file"


def test_tournament_json():
    out = run("tournament", str(DATA / "mini.yaml"), "--players", "greedy,random", "--games", "2", "--json").stdout
    data = json.loads(out)
    assert data["players"] == ["greedy", "random"] and data["games"] == 2
    assert {row["player"] for row in data["standings"]} == {"greedy", "random"}


def test_analyze_compares_two_variants(tmp_path):
    out = run("analyze", DATA / "mini.yaml", "--games", "4", "--vs", "max_plies=10", "--out", tmp_path).stdout
    assert "Mini race: two variants" in out and "max_plies=10" in out
    for side in ("a", "b"):
        names = sorted(p.name for p in (tmp_path / side).iterdir())
        assert names == ["branching_histogram.png", "length_histogram.png", "seat_win_rates.png", "summary.json"]
    summary = json.loads((tmp_path / "b" / "summary.json").read_text())
    assert summary["options"]["max_plies"] == 10 and summary["games"] == 4
    assert "no_return" in summary["rule_stats"]


def test_a_human_plays_at_the_terminal(tmp_path):
    rec = tmp_path / "h.json"
    script = "d2+h2+n2\nz9-z10\n1\nundo\nquit\n"
    proc = subprocess.run([sys.executable, "-m", "rulebook", "play", LEZUG, "--players", "human,random",
                           "--record", str(rec)], input=script, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert "56 legal moves" in proc.stdout
    assert "'z9-z10'" in proc.stdout                   # refused, and asked again
    assert "(quit)" in proc.stdout and f"record saved to {rec}" in proc.stdout
    moves = json.loads(rec.read_text())["moves"]
    assert moves[0] == "d2+h2+n2" and len(moves) == 2  # the undone move and its answer are gone
