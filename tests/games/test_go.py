"""games/go.yaml: perft from the empty 5x5 and 9x9 boards and from the hand-made 5x5 position g1
(tests/data/positions/go_g1.json, white to move), in both conventions (they differ only through
games ended by two passes), with and without superko; ko, suicide, scoring and whole games on
5x5 and 19x19 boards."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rulebook import load_game
from rulebook.play.measure import perft

from conftest import GAMES, ROOT, play_and_replay

FILE = GAMES / "go.yaml"
G1 = ROOT / "tests" / "data" / "positions" / "go_g1.json"
_GAMES: dict = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(FILE, {k: str(v).lower() for k, v in options.items()})
    return _GAMES[key]


def g1(g):
    pos = json.loads(G1.read_text())
    return g.position(pos["pieces"], to_move=pos["to_move"])


FIGURES = [  # (options, start, depth, leaf, exact)
    ({"size": 5}, "empty", 1, 26, 26),
    ({"size": 5}, "empty", 2, 651, 651),
    ({"size": 5}, "empty", 3, 15651, 15650),
    ({"size": 5}, "empty", 4, 361067, 361041),
    ({}, "empty", 1, 82, 82),
    ({}, "empty", 2, 6643, 6643),
    ({}, "empty", 3, 531523, 531522),
    ({"size": 5}, "g1", 1, 15, 15),
    ({"size": 5}, "g1", 2, 211, 211),
    ({"size": 5}, "g1", 3, 2676, 2675),
    ({"size": 5}, "g1", 4, 32911, 32896),
]


@pytest.mark.parametrize("options,start,depth,leaf,exact", FIGURES,
                         ids=[f"{o.get('size', 9)}-{s}-{d}" for o, s, d, _l, _e in FIGURES])
def test_perft(options, start, depth, leaf, exact):
    g = game(**options)
    st = g.initial_state() if start == "empty" else g1(g)
    assert perft(g, st, depth) == leaf
    assert perft(g, st, depth, exact=True) == exact


@pytest.mark.parametrize("depth,leaf", [(1, 26), (2, 651), (3, 15651), (4, 361067)])
def test_superko_changes_nothing_this_early(depth, leaf):
    g = game(size=5, superko=True)
    assert perft(g, g.initial_state(), depth) == leaf


def test_g1_position_loads_through_the_cli():
    proc = subprocess.run([sys.executable, "-m", "rulebook", "perft", FILE, "2", "-o", "size=5", "--exact",
                           "--position", G1], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "211" in proc.stdout.split()


def test_g1_ko_and_capture():
    g = game(size=5)
    st = g1(g)
    legal = sorted(g.move_str(m) for m in g.legal_moves(st))
    assert legal == ["a1", "a2", "a4", "a5", "b3", "d1", "d2", "d4", "d5", "e1", "e2", "e3", "e4", "e5", "pass"]
    ko = g.apply(st, g.parse_move(st, "b3"))           # takes c3 and starts a ko
    assert "c3" not in g.position_json(ko)["pieces"]["black"]
    assert "c3" not in {g.move_str(m) for m in g.legal_moves(ko)}
    d1 = g.apply(st, g.parse_move(st, "d1"))           # takes c1
    assert "c1" not in g.position_json(d1)["pieces"]["black"]


def test_area_scoring_with_komi():
    g = game(size=5)
    st = g1(g)
    st = g.apply(st, g.parse_move(st, "b3"))
    for _ in range(2):
        st = g.apply(st, g.parse_move(st, "pass"))
    out = g.outcome(st)
    # black: 5 stones + a4 a5; white: 6 stones + c3; a1 a2 touch both: nobody's
    assert out.scores == {"black": 7, "white": 14.5} and out.winners == ("white",)
    even = game(size=5, komi=0)
    st = g1(even)
    st = even.apply(st, even.parse_move(st, "b3"))
    for _ in range(2):
        st = even.apply(st, even.parse_move(st, "pass"))
    assert even.outcome(st).winners == ()      # 7 against 7: a draw


@pytest.mark.parametrize("size,spec", [(s, p) for s in (5, 9, 19) for p in ("random", "greedy", "mcts:iterations=20")
                                       if (s, p) != (19, "mcts:iterations=20")])
def test_play_to_the_end(size, spec, tmp_path):
    rec = play_and_replay(FILE, spec, tmp_path, options={"size": size})[2]
    assert rec["moves"][-2:] == ["pass", "pass"]
