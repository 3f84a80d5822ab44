"""Breakthrough, hand-written: a reference implementation of the Game API (engine/api.py).

A yardstick for the generic engine (speed) and a cross-check of it (same moves, same results), not
used by the engine. The rules (8x8, two rows of pieces each):

- cells a1..h8 (file letter, rank number, a1 lower left); `white` (seat 0) starts on ranks 1-2,
  moves first and goes up the ranks; `black` starts on ranks 7-8 and goes down;
- a piece moves one cell straight or diagonally forward onto an empty cell, or captures an enemy
  piece one cell diagonally forward (never straight);
- a player wins on reaching the far rank or when the opponent has no piece left; a player with
  no legal move loses.

Plain Python, bitboards as ints: bit `rank * 8 + file` (a1 = bit 0). The moves of one side come from
three shifts of its bitboard (straight, left, right) masked by the empty cells or the enemy
pieces; every (direction, target bit) has its move tuple made once, at import.

State: a tuple (white, black, to_move, ply, result)
    white, black  bitboards of the two sides' pieces
    to_move       0 white, 1 black
    ply           moves applied so far
    result        None while playing, else the winner's seat
Moves: (origin, destination, capture) with cells as 0..63 and capture a bool.
"""
from __future__ import annotations

from rulebook.api import IllegalMove, Outcome, parse_by_notation

PLAYERS = ("white", "black")
FILES = "abcdefgh"
FULL = (1 << 64) - 1
FILE_A = sum(1 << (8 * r) for r in range(8))
FILE_H = FILE_A << 7
NOT_A, NOT_H = FULL ^ FILE_A, FULL ^ FILE_H
RANK = tuple(0xFF << (8 * r) for r in range(8))
GOAL = (RANK[7], RANK[0])                       # the far rank of white, of black
BIT = tuple(1 << i for i in range(64))


def cell_name(i: int) -> str:
    return FILES[i % 8] + str(i // 8 + 1)


def cell_index(name: str) -> int:
    name = name.strip().lower()
    f, r = FILES.index(name[0]), int(name[1:]) - 1
    if not (0 <= r < 8):
        raise ValueError(f"no cell {name!r}")
    return r * 8 + f


def _tables():
    """MOVE[p][d][target bit] -> the move tuple; d: 0 straight, 1 left, 2 right (quiet), 3 left,
    4 right (capture). `left`/`right` are file - 1 / file + 1."""
    out = []
    for p, fwd in ((0, 8), (1, -8)):
        tabs = []
        for d, (df, cap) in enumerate(((0, False), (-1, False), (1, False), (-1, True), (1, True))):
            t = {}
            for to in range(64):
                frm = to - fwd - df
                if 0 <= frm < 64 and frm % 8 + df == to % 8:
                    t[1 << to] = (frm, to, cap)
            tabs.append(t)
        out.append(tuple(tabs))
    return tuple(out)


MOVE = _tables()
START = (RANK[0] | RANK[1], RANK[6] | RANK[7])


def _targets(own, opp, p):
    """(straight, left quiet, right quiet, left capture, right capture) target bitboards of p."""
    empty = FULL ^ (own | opp)
    if p == 0:
        s, l, r = own << 8, (own & NOT_A) << 7, (own & NOT_H) << 9
    else:
        s, l, r = own >> 8, (own & NOT_A) >> 9, (own & NOT_H) >> 7
    return s & empty, l & empty, r & empty, l & opp, r & opp


def _can_move(own, opp, p) -> bool:
    free = FULL ^ own                         # a diagonal step may go anywhere not ours
    if p == 0:
        return bool((own << 8) & (free ^ opp) | ((own & NOT_A) << 7 | (own & NOT_H) << 9) & free)
    return bool((own >> 8) & (free ^ opp) | ((own & NOT_A) >> 9 | (own & NOT_H) >> 7) & free)


class Breakthrough:
    name = "Breakthrough"

    def __init__(self):
        self.players = PLAYERS
        self.options = {}

    # ---------------------------------------------------------------- state queries
    def initial_state(self):
        return (START[0], START[1], 0, 0, None)

    def position(self, pieces: dict, to_move: str | int = "white", ply: int = 0):
        """A set position: pieces maps a cell name to its owner ("white"/"black", or an
        (owner, kind) pair, the kind ignored). The result is settled as the rules would have:
        the player who just moved wins if it stands on its far rank or the player to move has no
        piece or no legal move."""
        bb = [0, 0]
        for cell, who in pieces.items():
            owner = who[0] if isinstance(who, tuple) else who
            bb[PLAYERS.index(owner)] |= 1 << cell_index(cell)
        p = PLAYERS.index(to_move) if isinstance(to_move, str) else to_move
        q = 1 - p
        result = None
        if bb[q] & GOAL[q] or not bb[p] or not _can_move(bb[p], bb[q], p):
            result = q
        return (bb[0], bb[1], p, ply, result)

    def to_move(self, state) -> int:
        return state[2]

    def ply(self, state) -> int:
        return state[3]

    def is_over(self, state) -> bool:
        return state[4] is not None

    def chance_outcomes(self, state):
        return []

    # ---------------------------------------------------------------- move generation
    def legal_moves(self, state) -> list:
        w, b, p, ply, result = state
        if result is not None:
            return []
        if p == 0:
            targets = _targets(w, b, 0)
        else:
            targets = _targets(b, w, 1)
        moves = []
        app = moves.append
        for x, tab in zip(targets, MOVE[p]):
            while x:
                low = x & -x
                app(tab[low])
                x ^= low
        return moves

    # ---------------------------------------------------------------- applying moves
    def apply(self, state, move):
        w, b, p, ply, result = state
        if result is not None:
            raise IllegalMove("the game is over", 0)
        # "A player with no legal move loses" is not tested here: a side with a piece always has
        # a move while the game goes on (its most advanced piece has a forward diagonal cell on
        # the board, and that cell is empty or enemy), so only "no piece left" can block it.
        frm, to, cap = move
        tb = BIT[to]
        if p == 0:
            w ^= BIT[frm] | tb
            if cap:
                b ^= tb
            if tb & GOAL[0] or not b:
                result = 0
        else:
            b ^= BIT[frm] | tb
            if cap:
                w ^= tb
            if tb & GOAL[1] or not w:
                result = 1
        return (w, b, 1 - p, ply + 1, result)

    # ---------------------------------------------------------------- results
    def outcome(self, state) -> Outcome:
        w = state[4]
        if w is None:
            return Outcome(False, (), {n: 0.0 for n in PLAYERS}, None)
        return Outcome(True, (PLAYERS[w],), {n: 1.0 if i == w else 0.0 for i, n in enumerate(PLAYERS)}, None)

    def evaluate(self, state):
        return None

    # ---------------------------------------------------------------- notation
    def move_str(self, move) -> str:
        frm, to, cap = move
        return cell_name(frm) + ("x" if cap else "-") + cell_name(to)

    def parse_move(self, state, text: str):
        return parse_by_notation(self, state, text.strip().lower())
