"""Go, hand-written: a reference implementation of the Game API (engine/api.py) for games/go.yaml.

A yardstick for the generic engine (speed) and a cross-check of it (same moves, same results), not
used by the engine. The rules (docs/games/go.md): a size x size board (9 by default); black (seat 0)
moves first; a move is a stone on an empty point or `pass`; enemy groups left without a liberty
are captured, then a placement whose own group has no liberty is illegal (no suicide); simple ko
(no positional superko here); two passes in a row end the game; area scoring, komi to white.

Plain Python, bitboards as ints: bit `rank * size + file` (a1 = bit 0). Groups grow by whole
bitboard shifts (the four neighbours of every stone at once) masked by the stones of the colour.

State: a tuple (boards, to_move, ply, passes, ko, last, result)
    boards   (black, white) bitboards
    ko       the point of the lone stone the last move captured (-1 otherwise); `last` the point
             of the last move: a placement on ko that captures just `last` is refused
    result   None while playing, else the winning seats (() for a draw)
Moves: a point 0..size*size-1, or the word "pass".
"""
from __future__ import annotations

from rulebook.api import IllegalMove, Outcome, parse_by_notation

PLAYERS = ("black", "white")
PASS = "pass"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Go:
    name = "Go"

    def __init__(self, size: int = 9, komi: float = 7.5):
        self.players = PLAYERS
        self.options = {"size": size, "komi": komi, "superko": False}
        self.size, self.komi = size, komi
        n = size * size
        self.full = (1 << n) - 1
        col_a = sum(1 << (r * size) for r in range(size))
        self.not_a = self.full ^ col_a                        # points with a west neighbour
        self.not_last = self.full ^ (col_a << (size - 1))     # points with an east neighbour
        self.near = [self._grow(1 << i) for i in range(n)]   # the neighbours of each point
        self.points = list(range(n))

    def _grow(self, g: int) -> int:
        """The points next to g (g excluded or not: callers mask)."""
        s = self.size
        return (((g & self.not_last) << 1) | ((g & self.not_a) >> 1) | (g << s) | (g >> s)) & self.full

    # ---------------------------------------------------------------- state queries
    def initial_state(self):
        return ((0, 0), 0, 0, 0, -1, -1, None)

    def to_move(self, state) -> int:
        return state[1]

    def ply(self, state) -> int:
        return state[2]

    def is_over(self, state) -> bool:
        return state[6] is not None

    def chance_outcomes(self, state):
        return []

    # ---------------------------------------------------------------- rules
    def _group(self, g: int, stones: int) -> int:
        grow = self._grow
        while True:
            nxt = (g | grow(g)) & stones
            if nxt == g:
                return g
            g = nxt

    def _play(self, mine: int, foe: int, t: int) -> int:
        """The enemy stones a stone on t captures, or -1 for a suicide."""
        bit = 1 << t
        mine |= bit
        empty = self.full ^ (mine | foe)
        near = self.near[t]
        taken = 0
        around = near & foe
        while around:
            b = around & -around
            g = self._group(b, foe)
            around &= ~g
            if not self._grow(g) & empty:
                taken |= g
        if taken:
            return taken
        if near & empty:
            return 0
        g = self._group(bit, mine)
        return 0 if self._grow(g) & empty else -1

    def legal_moves(self, state) -> list:
        (bb, p, _ply, _passes, ko, last, result) = state
        if result is not None:
            return []
        mine, foe = bb[p], bb[1 - p]
        occ = mine | foe
        empty = self.full ^ occ
        moves = []
        for t in self.points:
            bit = 1 << t
            if not empty & bit:
                continue
            if self.near[t] & empty:         # a liberty of its own: legal unless it retakes a ko
                if t != ko:
                    moves.append(t)
                    continue
            caps = self._play(mine, foe, t)
            if caps < 0 or (t == ko and caps == 1 << last):
                continue
            moves.append(t)
        moves.append(PASS)
        return moves

    def apply(self, state, move):
        (bb, p, ply, passes, ko, last, result) = state
        if result is not None:
            raise IllegalMove("the game is over", 0)
        if move == PASS:
            passes += 1
            st = (bb, 1 - p, ply + 1, passes, -1, last, None)
            if passes >= 2:
                st = st[:6] + (self._winners(bb),)
            return st
        mine, foe = bb[p], bb[1 - p]
        caps = self._play(mine, foe, move)
        if caps < 0:
            raise IllegalMove("suicide", 0)
        mine |= 1 << move
        foe &= ~caps
        ko = caps.bit_length() - 1 if caps and not caps & (caps - 1) else -1
        bb = (mine, foe) if p == 0 else (foe, mine)
        return (bb, 1 - p, ply + 1, 0, ko, move, None)

    # ---------------------------------------------------------------- results
    def area(self, bb, p: int) -> int:
        mine, foe = bb[p], bb[1 - p]
        empty = self.full ^ (mine | foe)
        total = mine.bit_count()
        while empty:
            lo = empty & -empty
            region = self._group(lo, empty | lo)
            empty &= ~region
            edge = self._grow(region)
            if edge & mine and not edge & foe:
                total += region.bit_count()
        return total

    def _scores(self, bb):
        return (self.area(bb, 0), self.area(bb, 1) + self.komi)

    def _winners(self, bb):
        b, w = self._scores(bb)
        return () if b == w else ((0,) if b > w else (1,))

    def outcome(self, state) -> Outcome:
        if state[6] is None:
            return Outcome(False, (), {n: 0.0 for n in PLAYERS}, None)
        b, w = self._scores(state[0])
        return Outcome(True, tuple(PLAYERS[i] for i in state[6]), {"black": b, "white": w}, None)

    def evaluate(self, state):
        return None

    # ---------------------------------------------------------------- notation
    def move_str(self, move) -> str:
        if move == PASS:
            return PASS
        return LETTERS[move % self.size] + str(move // self.size + 1)

    def parse_move(self, state, text: str):
        return parse_by_notation(self, state, text.strip().lower())
