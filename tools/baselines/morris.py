"""Nine Men's Morris, hand-written: a reference implementation of the Game API (engine/api.py) for
games/morris.yaml.

A yardstick for the generic engine (speed) and a cross-check of it (same moves, same results), not
used by the engine. The rules (docs/games/morris.md): 24 points on three nested squares, 16 lines
of three; white (seat 0) moves first. With men in hand a player places one on an empty point;
with none, moves one to an adjacent empty point, or (option flying) to any empty point with
exactly three men on the board. A man that completes a line of three of the mover's (a mill)
removes one enemy man: one in no mill of its colour while there is one, else any; nothing when
the enemy has no man on the board. A player left with fewer than three men (board and hand)
loses at once; a draw once `draw_plies` plies in a row pass without a removal (0: never), asked
before the loss of a player who has no move.

Plain Python, bitboards as ints over the 24 points (bit i: POINTS[i]); per point the bits of its
neighbours and the pairs of points that close a mill with it.

State: a tuple (boards, hands, to_move, ply, quiet, result)
    boards   (white, black) bitboards; hands the men in hand of each
    quiet    the plies since the last removal
    result   None while playing, else the winning seats (() for a draw)
Moves: ints, origin * 625 + destination * 25 + removed point, with 24 for no origin (a
placement) or no removal.
"""
from __future__ import annotations

from rulebook.api import IllegalMove, Outcome, parse_by_notation

PLAYERS = ("white", "black")
POINTS = "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7".split()
LINES = ("a1 d1 g1", "g1 g4 g7", "a7 d7 g7", "a1 a4 a7", "b2 d2 f2", "f2 f4 f6", "b6 d6 f6", "b2 b4 b6",
         "c3 d3 e3", "e3 e4 e5", "c5 d5 e5", "c3 c4 c5", "d1 d2 d3", "a4 b4 c4", "e4 f4 g4", "d5 d6 d7")
NONE = 24               # no origin, no removal
FULL = (1 << 24) - 1


def _tables():
    index = {p: i for i, p in enumerate(POINTS)}
    lines = [[index[p] for p in line.split()] for line in LINES]
    near = [0] * 24
    closing = [[] for _ in range(24)]           # per point: the masks of the two other points of its lines
    for line in lines:
        for a, b in zip(line, line[1:]):
            near[a] |= 1 << b
            near[b] |= 1 << a
        for p in line:
            closing[p].append(sum(1 << q for q in line if q != p))
    return [sum(1 << p for p in line) for line in lines], near, [tuple(c) for c in closing]


MILLS, NEAR, CLOSING = _tables()


def in_mills(men: int) -> int:
    """The men of `men` standing in a line of three of them."""
    out = 0
    for m in MILLS:
        if men & m == m:
            out |= m
    return out


def bits(x: int) -> list[int]:
    out = []
    while x:
        lo = x & -x
        out.append(lo.bit_length() - 1)
        x ^= lo
    return out


class Morris:
    name = "Nine Men's Morris"

    def __init__(self, flying: bool = True, draw_plies: int = 200):
        self.players = PLAYERS
        self.options = {"flying": flying, "draw_plies": draw_plies}
        self.flying, self.draw_plies = flying, draw_plies

    # ---------------------------------------------------------------- state queries
    def initial_state(self):
        return ((0, 0), (9, 9), 0, 0, 0, None)

    def to_move(self, state) -> int:
        return state[2]

    def ply(self, state) -> int:
        return state[3]

    def is_over(self, state) -> bool:
        return state[5] is not None

    def chance_outcomes(self, state):
        return []

    # ---------------------------------------------------------------- rules
    def _moves(self, boards, hands, me: int) -> list:
        mine, theirs = boards[me], boards[1 - me]
        empty = FULL ^ (mine | theirs)
        if hands[me]:
            tries = [(NONE, p) for p in bits(empty)]
        elif self.flying and mine.bit_count() == 3:
            tries = [(o, p) for o in bits(mine) for p in bits(empty)]
        else:
            tries = [(o, p) for o in bits(mine) for p in bits(NEAR[o] & empty)]
        spare = None
        out = []
        for o, p in tries:
            after = (mine if o == NONE else mine ^ (1 << o)) | (1 << p)
            base = o * 625 + p * 25
            if theirs and any(after & m == m for m in CLOSING[p]):
                if spare is None:       # their men in no mill of theirs, else all of them
                    spare = bits(theirs & ~in_mills(theirs) or theirs)
                out += [base + q for q in spare]
            else:
                out.append(base + NONE)
        return out

    def legal_moves(self, state) -> list:
        boards, hands, me, _ply, _quiet, result = state
        return [] if result is not None else self._moves(boards, hands, me)

    def apply(self, state, move):
        boards, hands, me, ply, quiet, result = state
        if result is not None:
            raise IllegalMove("the game is over", 0)
        o, rest = divmod(move, 625)
        p, q = divmod(rest, 25)
        mine, theirs = boards[me], boards[1 - me]
        mine |= 1 << p
        if o == NONE:
            hands = (hands[0] - 1, hands[1]) if me == 0 else (hands[0], hands[1] - 1)
        else:
            mine ^= 1 << o
        quiet += 1
        if q != NONE:
            theirs ^= 1 << q
            quiet = 0
        boards = (mine, theirs) if me == 0 else (theirs, mine)
        ply += 1
        nxt = 1 - me
        if theirs.bit_count() + hands[nxt] < 3:
            result = (me,)
        elif self.draw_plies and quiet >= self.draw_plies:
            result = ()
        elif not self._moves(boards, hands, nxt):
            result = (me,)
        return (boards, hands, nxt, ply, quiet, result)

    # ---------------------------------------------------------------- results
    def outcome(self, state) -> Outcome:
        result = state[5]
        if result is None:
            return Outcome(False, (), {n: 0.0 for n in PLAYERS}, None)
        return Outcome(True, tuple(PLAYERS[i] for i in result),
                       {n: (1.0 if i in result else 0.0) for i, n in enumerate(PLAYERS)}, None)

    def evaluate(self, state):
        return None

    # ---------------------------------------------------------------- notation
    def move_str(self, move) -> str:
        o, rest = divmod(move, 625)
        p, q = divmod(rest, 25)
        text = POINTS[p] if o == NONE else f"{POINTS[o]}-{POINTS[p]}"
        return text if q == NONE else f"{text}x{POINTS[q]}"

    def parse_move(self, state, text: str):
        return parse_by_notation(self, state, text.strip().lower())
