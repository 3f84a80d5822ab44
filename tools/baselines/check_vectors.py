"""Replay the golden vectors of tests/data/vectors/ against the hand-written baselines.

    python -m tools.baselines.check_vectors [vector files or directory]

At every ply: the sorted legal move list must equal the vector's, and at chance positions the
weights too; then the recorded move is read with parse_move and applied. At the end the outcome
must match (winners; for Zug also scores and breakdown). One line per file: ok or FAIL with the
first mismatch. Exit status 1 if any file fails.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from rulebook.api import CHANCE, IllegalMove
from tools.baselines.lezug import LeZug
from tools.baselines.zug import Zug

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "vectors"


class Mismatch(Exception):
    pass


def _first_diff(got: list, want: list) -> str:
    missing = [m for m in want if m not in set(got)]
    extra = [m for m in got if m not in set(want)]
    parts = [f"{len(got)} moves vs {len(want)} expected"]
    if missing:
        parts.append(f"missing {missing[:5]}{' ...' if len(missing) > 5 else ''}")
    if extra:
        parts.append(f"extra {extra[:5]}{' ...' if len(extra) > 5 else ''}")
    if not missing and not extra:
        parts.append("same moves, different order or duplicates")
    return "; ".join(parts)


def make_game(vec: dict):
    if vec["game"] == "lezug":
        return LeZug()
    if vec["game"] == "zug":
        return Zug(players=vec["players"])
    raise Mismatch(f"unknown game {vec['game']!r}")


def replay(vec: dict) -> None:
    game = make_game(vec)
    state = game.initial_state()
    weights = vec.get("weights")
    for i, (text, want) in enumerate(zip(vec["moves"], vec["legal"])):
        where = f"ply {i} (before {text!r})"
        if game.is_over(state):
            raise Mismatch(f"{where}: the game is already over")
        if game.ply(state) != i:
            raise Mismatch(f"{where}: ply() = {game.ply(state)}")
        moves = game.legal_moves(state)
        got = sorted(game.move_str(m) for m in moves)
        if got != want:
            raise Mismatch(f"{where}: legal moves differ: {_first_diff(got, want)}")
        w = weights[i] if weights else None
        chance = game.to_move(state) == CHANCE
        if chance != (w is not None):
            raise Mismatch(f"{where}: chance position is {chance}, vector says {w is not None}")
        if chance:
            got_w = dict((game.move_str(m), wt) for m, wt in game.chance_outcomes(state))
            if [got_w.get(m) for m in want] != w:
                raise Mismatch(f"{where}: weights {[got_w.get(m) for m in want]} != {w}")
        try:
            move = game.parse_move(state, text)
        except IllegalMove as e:
            raise Mismatch(f"{where}: parse_move failed: {e}") from None
        state = game.apply(state, move)
    res = vec["result"]
    out = game.outcome(state)
    if out.over != res["over"]:
        raise Mismatch(f"end: over = {out.over}, expected {res['over']}")
    if list(out.winners) != res["winners"]:
        raise Mismatch(f"end: winners {list(out.winners)}, expected {res['winners']}")
    if "scores" in res and {k: float(v) for k, v in out.scores.items()} != \
            {k: float(v) for k, v in res["scores"].items()}:
        raise Mismatch(f"end: scores {out.scores}, expected {res['scores']}")
    if "breakdown" in res and out.breakdown != res["breakdown"]:
        raise Mismatch(f"end: breakdown {out.breakdown}, expected {res['breakdown']}")


def main(argv: list[str]) -> int:
    paths: list[Path] = []
    for arg in argv or [str(DEFAULT_DIR)]:
        p = Path(arg)
        paths.extend(sorted(p.glob("*.json")) if p.is_dir() else [p])
    failed = 0
    for p in paths:
        vec = json.loads(p.read_text())
        try:
            replay(vec)
            print(f"ok    {p.name} ({len(vec['moves'])} plies)")
        except Mismatch as e:
            failed += 1
            print(f"FAIL  {p.name}: {e}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
