"""English draughts (checkers), hand-written: a reference implementation of the Game API
(engine/api.py).

A yardstick for the generic engine (speed) and a cross-check of it (same moves, same results), not
used by the engine. The rules:

- the 32 dark squares of 8x8 (a1 is dark); `black` (seat 0) moves first, 12 men on ranks 1-3 going
  up; `white` has 12 men on ranks 6-8 going down;
- a man steps one square diagonally forward onto an empty square, a king in all four diagonals;
- a capture jumps diagonally over an adjacent enemy piece onto the empty square just beyond;
  men capture forward only, kings in all four diagonals. The captured pieces leave the board when
  the whole sequence is done: until then they block landings and cannot be jumped twice (the
  moving piece's origin counts as empty). Capturing is compulsory, and a sequence goes on while
  the capturing piece can capture again (any sequence, not necessarily the longest);
- a man reaching the far rank is crowned and its move ends there;
- a player with no legal move loses; with `draw_plies` > 0, after that many plies in a row with
  neither a capture nor a man's move the game is a draw (checked first).

Plain Python, bitboards as ints on the classic padded layout: square (rank r, file f) is bit
(9r + f) // 2, bits 4, 13, 22, 31 are ghosts, so the diagonal neighbours are +4/+5 (up the ranks)
and -4/-5 (down). Steps and "can this piece jump" come from shifts of whole bitboards; only the
capture sequences are searched square by square (a depth-first search over precomputed
(jumped bit, landing bit, landing square) tables).

State: a tuple (black, white, kings, to_move, ply, clock, result)
    black, white  bitboards of the two sides' pieces; kings: the bitboard of the kings of both
    to_move       0 black, 1 white
    ply           moves applied so far
    clock         plies in a row with neither a capture nor a man's move
    result        None while playing, 0/1 the winner's seat, 2 a draw
Moves: a tuple of squares (bit indices): (origin, destination) for a step, (origin, landing, ...)
for a capture (every landing).
"""
from __future__ import annotations

from rulebook.api import IllegalMove, Outcome, parse_by_notation

PLAYERS = ("black", "white")
FILES = "abcdefgh"
DRAW = 2

SQUARES = tuple((r, f) for r in range(8) for f in range(8) if (r + f) % 2 == 0)
POS = {rf: (9 * rf[0] + rf[1]) // 2 for rf in SQUARES}   # (rank, file) -> bit index
RF = {i: rf for rf, i in POS.items()}
NBITS = 36
BIT = tuple(1 << i for i in range(NBITS))
VALID = sum(BIT[i] for i in RF)
ROW_MASK = tuple(sum(BIT[POS[(r, f)]] for f in range(8) if (r, f) in POS) for r in range(8))
CROWN = (ROW_MASK[7], ROW_MASK[0])      # the far rank of black, of white
UP, DOWN = (4, 5), (-4, -5)


def square_name(i: int) -> str:
    r, f = RF[i]
    return FILES[f] + str(r + 1)


def square_index(name: str) -> int:
    name = name.strip().lower()
    rf = (int(name[1:]) - 1, FILES.index(name[0]))
    if rf not in POS:
        raise ValueError(f"{name!r} is not a dark square of the board")
    return POS[rf]


def _jump_table(dirs):
    """For each square, the (jumped bit, landing bit, landing square) of each direction in dirs."""
    table = [()] * NBITS
    for i in RF:
        out = []
        for d in dirs:
            mid, land = i + d, i + 2 * d
            if mid in RF and land in RF and abs(RF[land][1] - RF[i][1]) == 2:
                out.append((BIT[mid], BIT[land], land))
        table[i] = tuple(out)
    return tuple(table)


MAN_JUMPS = (_jump_table(UP), _jump_table(DOWN))
KING_JUMPS = _jump_table(UP + DOWN)


def _step_table(d):
    """target bit -> the step move (origin, target) in direction d."""
    return {BIT[t]: (t - d, t) for t in RF if t - d in RF and abs(RF[t][1] - RF[t - d][1]) == 1}


STEP = {d: _step_table(d) for d in UP + DOWN}
START_BLACK = ROW_MASK[0] | ROW_MASK[1] | ROW_MASK[2]
START_WHITE = ROW_MASK[5] | ROW_MASK[6] | ROW_MASK[7]


def _jumpers_up(opp, empty):
    """The squares from which a piece could jump up the ranks (either diagonal)."""
    return ((opp >> 4) & (empty >> 8)) | ((opp >> 5) & (empty >> 10))


def _jumpers_down(opp, empty):
    return ((opp << 4) & (empty << 8)) | ((opp << 5) & (empty << 10))


def _has_move(me, opp, kings, p) -> bool:
    """Whether player p (pieces me, enemies opp) has any legal move."""
    empty = VALID & ~(me | opp)
    kg = me & kings
    if p == 0:
        up, down = me, kg
    else:
        up, down = kg, me
    if ((up << 4) | (up << 5)) & empty or ((down >> 4) | (down >> 5)) & empty:
        return True
    return bool(up & _jumpers_up(opp, empty) or down & _jumpers_down(opp, empty))


def _sequences(sq, path, jumpable, empty, table, crown, out):
    """Depth-first over the capture sequences from sq (path so far; jumpable: the enemies not yet
    jumped; crown: the far rank for a man, 0 for a king). Appends every complete path to out."""
    more = False
    for mid, landbit, land in table[sq]:
        if jumpable & mid and empty & landbit:
            more = True
            np = path + (land,)
            if landbit & crown:          # a man crowned: its move ends there
                out.append(np)
            else:
                _sequences(land, np, jumpable ^ mid, empty, table, crown, out)
    if not more:
        out.append(path)


class Draughts:
    name = "English draughts"

    def __init__(self, draw_plies: int = 80):
        if draw_plies < 0:
            raise ValueError("draw_plies must be >= 0")
        self.draw_plies = draw_plies
        self.players = PLAYERS
        self.options = {"draw_plies": draw_plies}

    # ---------------------------------------------------------------- state queries
    def initial_state(self):
        return (START_BLACK, START_WHITE, 0, 0, 0, 0, None)

    def position(self, pieces: dict, to_move: str | int = "black", ply: int = 0, clock: int = 0):
        """A set position: pieces maps a square name to (owner, kind), owner "black"/"white",
        kind "man"/"king" (a bare owner means a man). The result is settled as after a move:
        a draw when the clock has run out, else a loss for a player to move without a move."""
        bb, kings = [0, 0], 0
        for sq, who in pieces.items():
            owner, kind = who if isinstance(who, tuple) else (who, "man")
            if kind not in ("man", "king"):
                raise ValueError(f"unknown kind {kind!r}")
            bit = BIT[square_index(sq)]
            bb[PLAYERS.index(owner)] |= bit
            if kind == "king":
                kings |= bit
        p = PLAYERS.index(to_move) if isinstance(to_move, str) else to_move
        return (bb[0], bb[1], kings, p, ply, clock, self._settle(bb[0], bb[1], kings, p, clock))

    def _settle(self, b, w, k, p, clock):
        """The result of a position with p to move: the draw clock first, then a blocked player."""
        if self.draw_plies and clock >= self.draw_plies:
            return DRAW
        if p == 0:
            if not _has_move(b, w, k, 0):
                return 1
        elif not _has_move(w, b, k, 1):
            return 0
        return None

    def to_move(self, state) -> int:
        return state[3]

    def ply(self, state) -> int:
        return state[4]

    def is_over(self, state) -> bool:
        return state[6] is not None

    def chance_outcomes(self, state):
        return []

    # ---------------------------------------------------------------- move generation
    def legal_moves(self, state) -> list:
        b, w, k, p, ply, clock, result = state
        if result is not None:
            return []
        if p == 0:
            me, opp = b, w
        else:
            me, opp = w, b
        empty = VALID & ~(b | w)
        kg = me & k
        men = me ^ kg
        up = _jumpers_up(opp, empty)
        down = _jumpers_down(opp, empty)
        jm = men & (up if p == 0 else down)
        jk = kg & (up | down)
        moves = []
        if jm or jk:
            if jm:
                table, crown = MAN_JUMPS[p], CROWN[p]
                while jm:
                    low = jm & -jm
                    jm ^= low
                    sq = low.bit_length() - 1
                    _sequences(sq, (sq,), opp, empty | low, table, crown, moves)
            while jk:
                low = jk & -jk
                jk ^= low
                sq = low.bit_length() - 1
                _sequences(sq, (sq,), opp, empty | low, KING_JUMPS, 0, moves)
            return moves
        if p == 0:
            upm, downm = me, kg
        else:
            upm, downm = kg, me
        app = moves.append
        if upm:
            for x, tab in (((upm << 4) & empty, STEP[4]), ((upm << 5) & empty, STEP[5])):
                while x:
                    low = x & -x
                    app(tab[low])
                    x ^= low
        if downm:
            for x, tab in (((downm >> 4) & empty, STEP[-4]), ((downm >> 5) & empty, STEP[-5])):
                while x:
                    low = x & -x
                    app(tab[low])
                    x ^= low
        return moves

    # ---------------------------------------------------------------- applying moves
    def apply(self, state, move):
        b, w, k, p, ply, clock, result = state
        if result is not None:
            raise IllegalMove("the game is over", 0)
        frm, to = move[0], move[-1]
        fb, tb = BIT[frm], BIT[to]
        king = k & fb
        if -5 <= move[1] - frm <= 5:          # a step
            clock = clock + 1 if king else 0
            cap = 0
        else:                                  # a capture: every jumped piece leaves the board
            cap, prev = 0, frm
            for s in move[1:]:
                cap |= BIT[(prev + s) >> 1]
                prev = s
            clock = 0
            k &= ~cap
        if p == 0:
            b = (b ^ fb) | tb
            w ^= cap
        else:
            w = (w ^ fb) | tb
            b ^= cap
        if king:
            k = (k ^ fb) | tb
        elif tb & CROWN[p]:
            k |= tb
        p = 1 - p
        return (b, w, k, p, ply + 1, clock, self._settle(b, w, k, p, clock))

    # ---------------------------------------------------------------- results
    def outcome(self, state) -> Outcome:
        r = state[6]
        if r is None:
            return Outcome(False, (), {n: 0.0 for n in PLAYERS}, None)
        if r == DRAW:
            return Outcome(True, PLAYERS, {n: 0.5 for n in PLAYERS}, None)
        return Outcome(True, (PLAYERS[r],), {n: 1.0 if i == r else 0.0 for i, n in enumerate(PLAYERS)}, None)

    def evaluate(self, state):
        return None

    # ---------------------------------------------------------------- notation
    def move_str(self, move) -> str:
        if len(move) == 2 and -5 <= move[1] - move[0] <= 5:
            return square_name(move[0]) + "-" + square_name(move[1])
        return "x".join(square_name(s) for s in move)

    def parse_move(self, state, text: str):
        return parse_by_notation(self, state, text.strip().lower())
