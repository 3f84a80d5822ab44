"""Deep perft of the classic games against their published figures, with times.

    python -m tools.corpus_perft [GAME ...] [--max-seconds S] [--json out.json]

Run from the repository root. For each game (default: all of them) every depth of its table is
counted in the convention the figure uses (leaf: a finished game is one leaf; exact: only
sequences of exactly D plies), from the shallowest up, until a depth would likely take longer
than --max-seconds (each depth is estimated at the previous one's time times its branching).
The test suite checks the shallower depths (tests/games/test_corpus.py); this tool goes deeper.
Exit status 1 if any count differs from its figure.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulebook import load_game  # noqa: E402
from rulebook.play.measure import perft  # noqa: E402

# game file stem -> (convention, [figures by depth from 1]); (options, seats) where needed
FIGURES = {
    "breakthrough": ("leaf", [22, 484, 11132, 256036, 6182818]),
    "tictactoe": ("exact", [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]),
    "tictactoe/leaf": ("leaf", [9, 72, 504, 3024, 15120, 56160, 154944, 255168, 255168]),
    "connect4": ("exact", [7, 49, 343, 2401, 16807, 117649, 823536, 5673234]),
    "connect4/leaf": ("leaf", [None] * 7 + [5686266]),
    "gomoku": ("leaf", [225, 50400, 11239200]),
    "english_draughts": ("leaf", [7, 49, 302, 1469, 7361, 36768, 179740, 845931]),
    "reversi": ("leaf", [4, 12, 56, 244, 1396, 8200, 55092, 390216]),
    "hex": ("leaf", [121, 14520, 1727880]),
    "amazons": ("leaf", [2176, 4307152]),
    "halma": ("leaf", [40, 1600, 85440, 4562496]),
    "chinese_checkers": ("leaf", [14, 196, 4760, 115600, 3188520]),
    "chess": ("exact", [20, 400, 8902, 197281, 4865609]),
    "chess/leaf": ("leaf", [None] * 4 + [4865617]),
    "loa": ("leaf", [36, 1244, 44952, 1563208]),
    "loa/exact": ("exact", [36, 1244, 44952, 1563208]),
    "connect6": ("leaf", [361, 23327820]),
    "connect6/exact": ("exact", [361, 23327820]),
    "pentago": ("leaf", [288, 80640, 21934080]),
    "pentago/exact": ("exact", [288, 80640, 21934080]),
    "tablut": ("leaf", [80, 4400, 353200, 19913864]),
    "tablut/exact": ("exact", [80, 4400, 353200, 19913864]),
    "go": ("leaf", [82, 6643, 531523]),
    "go/exact": ("exact", [82, 6643, 531522]),
    "go/5x5": ("leaf", [26, 651, 15651, 361067]),
    "go/5x5-exact": ("exact", [26, 651, 15650, 361041]),
    "go/g1": ("leaf", [15, 211, 2676, 32911]),
    "go/g1-exact": ("exact", [15, 211, 2675, 32896]),
    "xiangqi": ("leaf", [44, 1920, 79666, 3290240, 133312995]),
    "xiangqi/exact": ("exact", [44, 1920, 79666, 3290240, 133312995]),
    "kalah": ("leaf", [6, 35, 185, 942, 4690, 23233, 114430, 563055]),
    "kalah/exact": ("exact", [6, 35, 185, 942, 4690, 23233, 114430, 563055]),
    "kalah/empty-capture": ("leaf", [6, 35, 185, 942, 4685, 23169, 113959, 559885]),
    "kalah/empty-capture-exact": ("exact", [6, 35, 185, 942, 4685, 23169, 113959, 559885]),
    "kalah/k1": ("leaf", [3, 11, 46, 215, 1004, 4398, 18092, 69384]),
    "kalah/k1-exact": ("exact", [3, 11, 46, 215, 1004, 4396, 18085, 69374]),
    "shogi": ("leaf", [30, 900, 25470, 719731, 19861490]),
    "shogi/exact": ("exact", [30, 900, 25470, 719731, 19861490]),
    "minishogi": ("exact", [14, 181, 2512, 35401, 533203, 8276188]),
    "minishogi/leaf": ("leaf", [14, 181, 2512, 35401, 533204, 8276483]),
    "morris": ("leaf", [24, 552, 12144, 255024, 5140800, 99274176]),
    "morris/exact": ("exact", [24, 552, 12144, 255024, 5140800, 99274176]),
    # each first placement leads to 99274176 / 24 sequences at depth 6: a corner and a crossing
    "morris/a1": ("leaf", [23, 506, 10626, 214200, 4136424]),
    "morris/d2": ("leaf", [23, 506, 10626, 214200, 4136424]),
    "morris/m1": ("leaf", [16, 211, 2559, 31925, 338582]),
    "morris/m1-exact": ("exact", [16, 211, 2559, 31925, 338582]),
    "morris/m2": ("leaf", [50, 699, 20872, 248062, 9219131]),
    "morris/m2-exact": ("exact", [50, 699, 20608, 247798, 9163688]),
    "morris/m3": ("leaf", [54, 3018, 157271, 8472543]),
    "morris/m3-exact": ("exact", [54, 3018, 157118, 8468778]),
    # chance-perft: every outcome of a draw counted once
    "tsuro": ("leaf", [35, 1190, 39270]),
    "tsuro/dealt": ("leaf", [4, 116, 1044, 29232, 81648]),
    "tsuro/four": ("leaf", [9, 207, 1449, 31878]),
    "carcassonne": ("leaf", [24, 484, 11551, 330711, 7853244]),
    "carcassonne/3p": ("leaf", [24, 484, 11551]),
    "backgammon": ("leaf", [21, 447, 9387, 202782, 4258422]),
    "backgammon/exact": ("exact", [21, 447, 9387, 202782, 4258422]),
}
# the options and position file of a figure list whose game is not the file's default start
SETUPS = {
    "go/5x5": ({"size": "5"}, None), "go/5x5-exact": ({"size": "5"}, None),
    "go/g1": ({"size": "5"}, "tests/data/positions/go_g1.json"),
    "go/g1-exact": ({"size": "5"}, "tests/data/positions/go_g1.json"),
    "kalah/empty-capture": ({"empty_capture": "true"}, None),
    "kalah/empty-capture-exact": ({"empty_capture": "true"}, None),
    "kalah/k1": ({}, "tests/data/positions/kalah_k1.json"),
    "kalah/k1-exact": ({}, "tests/data/positions/kalah_k1.json"),
    **{f"morris/{name}": ({}, f"tests/data/positions/morris_{name.split('-')[0]}.json")
       for name in ("a1", "d2", "m1", "m1-exact", "m2", "m2-exact", "m3", "m3-exact")},
    "tsuro/dealt": ({}, "tests/data/positions/tsuro_dealt.json"),
    "tsuro/four": ({}, "tests/data/positions/tsuro_four.json"),
}
# the number of seats of a figure list played by other than the file's default
SEATS = {"carcassonne/3p": 3, "tsuro/four": 4}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help=f"which (default all: {', '.join(FIGURES)})")
    ap.add_argument("--max-seconds", type=float, default=120.0, help="skip a depth likely to take longer")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    unknown = [g for g in args.games if g not in FIGURES]
    if unknown:
        ap.error(f"unknown game(s): {', '.join(unknown)}")
    rows, bad = [], 0
    for key in args.games or FIGURES:
        convention, figures = FIGURES[key]
        stem = key.split("/")[0]
        options, position = SETUPS.get(key, ({}, None))
        game = load_game(ROOT / "games" / f"{stem}.yaml", options, players=SEATS.get(key))
        if position:
            pos = json.loads((ROOT / position).read_text())
            st = game.position(pos["pieces"], to_move=pos.get("to_move"), reserves=pos.get("reserve"),
                               ply=pos.get("ply"), **({"quiet": pos["quiet"]} if "quiet" in pos else {}))
        else:
            st = game.initial_state()
        last, branching = 0.0, len(game.legal_moves(st))
        for depth, want in enumerate(figures, 1):
            if last * branching > args.max_seconds:
                print(f"{key:22} depth {depth}: skipped (about {last * branching:.0f} s)")
                break
            t0 = time.perf_counter()
            got = perft(game, st, depth, exact=convention == "exact")
            last = time.perf_counter() - t0
            ok = want is None or got == want
            bad += not ok
            rows.append({"game": key, "convention": convention, "depth": depth, "leaves": got, "expected": want,
                         "seconds": round(last, 3), "ok": ok})
            mark = "ok" if ok else f"MISMATCH (expected {want:,})"
            print(f"{key:22} depth {depth}: {got:>12,} in {last:8.2f} s  {convention:5} {mark}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
