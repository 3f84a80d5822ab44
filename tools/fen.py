"""FEN to the generic position form of games/chess.yaml (docs/positions.md), and back.

    python -m tools.fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" > kiwipete.json
    rulebook perft games/chess.yaml 3 --exact --position kiwipete.json

The game file keeps castling rights in its pieces: a king or rook that may still castle is an
`unmoved_king` or `unmoved_rook`. An en passant square is the position's `passed` cell, and the
pawn that just made the double step stands on `last`.
"""
from __future__ import annotations

import json
import sys

KINDS = {"p": "pawn", "n": "knight", "b": "bishop", "r": "rook", "q": "queen", "k": "king"}
LETTERS = {v: k for k, v in KINDS.items()}


class FenError(ValueError):
    pass


def fen_to_position(fen: str) -> dict:
    fields = fen.split()
    if len(fields) not in (4, 6):
        raise FenError(f"a FEN has 4 or 6 fields, not {len(fields)}: {fen!r}")
    board, side, castling, ep = fields[:4]
    halfmove, fullmove = (_count(fields[4], "halfmove clock", 0), _count(fields[5], "move number", 1)) \
        if len(fields) == 6 else (0, 1)
    ranks = board.split("/")
    if len(ranks) != 8:
        raise FenError(f"a FEN board has 8 ranks, not {len(ranks)}")
    cells: dict[str, tuple[str, str]] = {}
    for i, row in enumerate(ranks):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            if ch.lower() not in KINDS or f > 7:
                raise FenError(f"bad rank {8 - i} in FEN: {row!r}")
            cells[f"{'abcdefgh'[f]}{8 - i}"] = ("white" if ch.isupper() else "black", KINDS[ch.lower()])
            f += 1
        if f != 8:
            raise FenError(f"rank {8 - i} of the FEN has {f} files")
    rights = {"K": ("white", "e1", "h1"), "Q": ("white", "e1", "a1"),
              "k": ("black", "e8", "h8"), "q": ("black", "e8", "a8")}
    for r in "" if castling == "-" else castling:
        if r not in rights:
            raise FenError(f"bad castling field {castling!r}")
        owner, king, rook = rights[r]
        for cell, kind in ((king, "king"), (rook, "rook")):
            if cells.get(cell) in ((owner, kind), (owner, f"unmoved_{kind}")):
                cells[cell] = (owner, f"unmoved_{kind}")
    pieces: dict[str, dict[str, list[str]]] = {}
    for cell, (owner, kind) in cells.items():
        pieces.setdefault(owner, {}).setdefault(kind, []).append(cell)
    to_move = {"w": "white", "b": "black"}.get(side)
    if to_move is None:
        raise FenError(f"bad side to move {side!r}")
    out = {"game": "Chess", "to_move": to_move, "ply": 2 * (fullmove - 1) + (to_move == "black"),
           "pieces": pieces, "quiet": halfmove}
    if ep != "-":
        # the square a pawn just passed: rank 3 after white's double step (black to move), 6 after black's
        rank = "3" if to_move == "black" else "6"
        if len(ep) != 2 or ep[0] not in "abcdefgh" or ep[1] not in "36":
            raise FenError(f"bad en passant square {ep!r} in FEN: a square of rank 3 or 6 (a3 to h6), or -")
        if ep[1] != rank:
            raise FenError(f"en passant square {ep!r} with {to_move} to move: it is on rank {rank} then")
        out["passed"] = ep
        out["last"] = ep[0] + ("4" if ep[1] == "3" else "5")
    return out


def _count(text: str, what: str, least: int) -> int:
    """A whole number field of a FEN, at least `least`; FenError naming it as written."""
    if not text.isdigit() or int(text) < least:
        raise FenError(f"bad {what} {text!r} in FEN: a whole number of at least {least}")
    return int(text)


def position_to_fen(pos: dict) -> str:
    """The FEN of a position in the generic form (castling from the unmoved kinds)."""
    grid = {}
    for owner, by_kind in pos["pieces"].items():
        for kind, cells in by_kind.items():
            letter = LETTERS[kind.replace("unmoved_", "")]
            for c in cells:
                grid[c] = (letter.upper() if owner == "white" else letter, kind)
    rows = []
    for r in range(8, 0, -1):
        row, empty = "", 0
        for f in "abcdefgh":
            if f"{f}{r}" in grid:
                row += (str(empty) if empty else "") + grid[f"{f}{r}"][0]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    rights = ""
    for sym, king, rook in (("K", "e1", "h1"), ("Q", "e1", "a1"), ("k", "e8", "h8"), ("q", "e8", "a8")):
        if grid.get(king, (None, ""))[1] == "unmoved_king" and grid.get(rook, (None, ""))[1] == "unmoved_rook":
            rights += sym
    ply = pos.get("ply", 0)
    return (f"{'/'.join(rows)} {'w' if pos.get('to_move', 'white') == 'white' else 'b'} {rights or '-'} "
            f"{pos.get('passed', '-')} {pos.get('quiet', 0)} {ply // 2 + 1}")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tools.fen FEN", file=sys.stderr)
        return 1
    try:
        print(json.dumps(fen_to_position(argv[0])))
    except (FenError, ValueError) as e:
        print(f"fen: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
