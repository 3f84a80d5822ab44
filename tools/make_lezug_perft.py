"""Regenerate tests/data/lezug_perft.json: perft counts from positions along the reference game.

Each count is computed by the engine and by the hand-written baseline (tools/baselines), and
written only when both agree. Run from the repository: python -m tools.make_lezug_perft
"""
import json
from pathlib import Path

from rulebook import load_game
from rulebook.play.measure import perft
from tools.baselines.lezug import LeZug

ROOT = Path(__file__).resolve().parents[1]
VECTOR = ROOT / "tests" / "data" / "vectors" / "lezug-decisive-3001.json"
POSITIONS = [(0, 4), (1, 3), (2, 3), (40, 3), (120, 3), (250, 3), (300, 3), (320, 3), (330, 3)]


def main():
    moves = json.loads(VECTOR.read_text())["moves"]
    game, base = load_game(ROOT / "games" / "lezug.yaml"), LeZug()
    out = []
    for ply, depth in POSITIONS:
        st, bs = game.initial_state(), base.initial_state()
        for m in moves[:ply]:
            st, bs = game.apply(st, game.parse_move(st, m)), base.apply(bs, base.parse_move(bs, m))
        n, b = perft(game, st, depth), perft(base, bs, depth)
        assert n == b, (ply, depth, n, b)
        out.append({"moves": moves[:ply], "depth": depth, "leaves": n})
        print(f"ply {ply} depth {depth}: {n}")
    (ROOT / "tests" / "data" / "lezug_perft.json").write_text(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
