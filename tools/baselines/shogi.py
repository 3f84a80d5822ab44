"""Shogi, hand-written: a reference implementation of the Game API (engine/api.py) for
games/shogi.yaml.

A yardstick for the generic engine (speed) and a cross-check of it (same moves, same results), not
used by the engine. The rules (docs/games/shogi.md): 9x9 cells named as USI names them (file 9..1
from sente's left, rank a..i from the top); sente (seat 0) moves first, from ranks g-i. Captured
pieces go to the captor's hand unpromoted and are dropped back as the captor's: never where they
could not move (a pawn or lance on the last rank, a knight on the last two), no pawn onto a file
holding an unpromoted pawn of the dropper's (nifu), no pawn drop that mates (uchifuzume). A move
starting or ending in the far three ranks may promote (a pawn, lance, knight, silver, bishop or
rook); it must where the piece could never move again. No move may leave the mover's king
attacked; a player with no legal move loses. Option max_plies (0: off): drawn once that many
plies are played. No repetition rule.

Plain Python, a mailbox: cell `rank * 9 + column` (rank 0 is rank i, column 0 file 9; 9i = 0)
holds 0 (empty) or a piece code, kind | 16 for gote's. Moves are pseudo-legal from tables
built once, then kept when the mover's king is not attacked afterwards (tested outward from the
king: the first piece on each of the eight lines, and the two knight cells); a drop needs no test
while the mover is not in check.

State: a tuple (board, hands, kings, to_move, ply, result)
    board    a tuple of 81 piece codes: kind (1..14) | 16 for gote, 0 for empty
    hands    per seat, the counts of rook, bishop, gold, silver, knight, lance, pawn in hand
    kings    the cell of each king
    result   None while playing, else the winning seats (() for a draw)
Moves: ints, a board move `(from * 81 + to) * 2 + promotes`, a drop `DROP + hand index * 81 + to`.
"""
from __future__ import annotations

from rulebook.api import IllegalMove, Outcome, parse_by_notation

PLAYERS = ("sente", "gote")
KING, ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN = range(1, 9)
DRAGON, HORSE, PSILVER, PKNIGHT, PLANCE, TOKIN = range(9, 15)
PROMOTED = {ROOK: DRAGON, BISHOP: HORSE, SILVER: PSILVER, KNIGHT: PKNIGHT, LANCE: PLANCE, PAWN: TOKIN}
BASE = {v: k for k, v in PROMOTED.items()}
HAND_KINDS = (ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN)       # a hand's counts, in this order
HAND_INDEX = {k: i for i, k in enumerate(HAND_KINDS)}
LETTERS = "RBGSNLP"
GOTE = 16
DROP = 81 * 81 * 2

# (dcolumn, drank) as sente sees them; forward is +1 rank
ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAG = ((1, 1), (1, -1), (-1, -1), (-1, 1))
GOLD_STEPS = ((0, 1), (-1, 1), (1, 1), (-1, 0), (1, 0), (0, -1))
STEPS = {KING: ORTHO + DIAG, GOLD: GOLD_STEPS, SILVER: ((0, 1), (-1, 1), (1, 1), (-1, -1), (1, -1)),
         KNIGHT: ((-1, 2), (1, 2)), PAWN: ((0, 1),), DRAGON: DIAG, HORSE: ORTHO,
         PSILVER: GOLD_STEPS, PKNIGHT: GOLD_STEPS, PLANCE: GOLD_STEPS, TOKIN: GOLD_STEPS}
SLIDES = {ROOK: ORTHO, DRAGON: ORTHO, BISHOP: DIAG, HORSE: DIAG, LANCE: ((0, 1),)}
START = {0: "LNSGKGSNL", 1: ".B.....R.", 2: "PPPPPPPPP"}     # sente's ranks i, h, g from file 9
SYMBOLS = {"K": KING, "R": ROOK, "B": BISHOP, "G": GOLD, "S": SILVER, "N": KNIGHT, "L": LANCE, "P": PAWN}


def _on(c: int, r: int) -> bool:
    return 0 <= c < 9 and 0 <= r < 9


def _tables():
    """Per seat, per kind, per cell: its steps' targets and its slides' rays; per seat, per cell,
    for the attack test: the eight lines out of the cell with, per line, the codes of the
    attacker's pieces that reach the cell from the line's first cell and from any of its cells,
    and the cells a knight of the attacker's would leap from."""
    steps = [[[()] * 81 for _ in range(15)] for _ in range(2)]
    rays = [[[()] * 81 for _ in range(15)] for _ in range(2)]
    lines = [[None] * 81 for _ in range(2)]       # lines[attacker][cell]
    knights = [[()] * 81 for _ in range(2)]
    for seat in range(2):
        sign = 1 if seat == 0 else -1
        for i in range(81):
            c, r = i % 9, i // 9
            for kind in range(1, 15):
                steps[seat][kind][i] = tuple((r + sign * dr) * 9 + c + sign * dc for dc, dr in STEPS.get(kind, ())
                                             if _on(c + sign * dc, r + sign * dr))
                rays[seat][kind][i] = tuple(
                    tuple((r + k * sign * dr) * 9 + c + k * sign * dc for k in range(1, 9)
                          if _on(c + k * sign * dc, r + k * sign * dr))
                    for dc, dr in SLIDES.get(kind, ()))
    for att in range(2):
        sign = 1 if att == 0 else -1
        code = GOTE if att else 0
        for i in range(81):
            c, r = i % 9, i // 9
            out = []
            for dc, dr in ORTHO + DIAG:
                ray = tuple((r + k * dr) * 9 + c + k * dc for k in range(1, 9) if _on(c + k * dc, r + k * dr))
                if not ray:
                    continue
                # the attacker's move that comes back along this line: its direction as the attacker sees it
                back = (-dc * sign, -dr * sign)
                near = frozenset(k | code for k in range(1, 15) if back in STEPS.get(k, ()) or back in SLIDES.get(k, ()))
                far = frozenset(k | code for k in range(1, 15) if back in SLIDES.get(k, ()))
                out.append((ray, near, far))
            lines[att][i] = tuple(out)
            # a knight of the attacker's at i - its leap
            knights[att][i] = tuple((r - sign * dr) * 9 + c - sign * dc for dc, dr in STEPS[KNIGHT]
                                    if _on(c - sign * dc, r - sign * dr))
    return steps, rays, lines, knights


STEP, RAY, LINES, KNIGHTS = _tables()


def attacked(board, cell: int, att: int) -> bool:
    """Whether a piece of seat `att` could move onto `cell`."""
    for ray, near, far in LINES[att][cell]:
        x = board[ray[0]]
        if x:
            if x in near:
                return True
            continue
        for p in ray[1:]:
            x = board[p]
            if x:
                if x in far:
                    return True
                break
    knight = KNIGHT | (GOTE if att else 0)
    for p in KNIGHTS[att][cell]:
        if board[p] == knight:
            return True
    return False


def name(i: int) -> str:
    return f"{9 - i % 9}{'ihgfedcba'[i // 9]}"


class Shogi:
    name = "Shogi"

    def __init__(self, max_plies: int = 0):
        self.players = PLAYERS
        self.options = {"max_plies": max_plies}
        self.max_plies = max_plies

    # ---------------------------------------------------------------- state queries
    def initial_state(self):
        board = [0] * 81
        for r, row in START.items():
            for c, ch in enumerate(row):
                if ch != ".":
                    board[r * 9 + c] = SYMBOLS[ch]
                    board[(8 - r) * 9 + 8 - c] = SYMBOLS[ch] | GOTE
        return (tuple(board), ((0,) * 7, (0,) * 7), (4, 76), 0, 0, None)

    def to_move(self, state) -> int:
        return state[3]

    def ply(self, state) -> int:
        return state[4]

    def is_over(self, state) -> bool:
        return state[5] is not None

    def chance_outcomes(self, state):
        return []

    # ---------------------------------------------------------------- rules
    def _moves(self, board, hands, kings, me: int, first: bool = False) -> list:
        """The legal moves (with `first`, at most one)."""
        out = []
        add = out.append
        b = list(board)
        own = GOTE if me else 0
        foe = 1 - me
        king = kings[me]
        steps, rays = STEP[me], RAY[me]
        zone = range(6, 9) if me == 0 else range(0, 3)
        for s in range(81):
            x = board[s]
            if not x or (x & GOTE) != own:
                continue
            kind = x & 15
            targets = [t for t in steps[kind][s] if not board[t] or (board[t] & GOTE) != own]
            for ray in rays[kind][s]:
                for t in ray:
                    y = board[t]
                    if not y:
                        targets.append(t)
                        continue
                    if (y & GOTE) != own:
                        targets.append(t)
                    break
            if not targets:
                continue
            r_from = s // 9
            for t in targets:
                y = b[t]
                b[t] = x
                b[s] = 0
                safe = not attacked(b, t if kind == KING else king, foe)
                b[s] = x
                b[t] = y
                if not safe:
                    continue
                base = (s * 81 + t) * 2
                if kind in PROMOTED and (r_from in zone or t // 9 in zone):
                    add(base + 1)
                    r = t // 9 if me == 0 else 8 - t // 9          # the rank counted from the mover's side, 0..8
                    if not ((kind == PAWN or kind == LANCE) and r == 8 or kind == KNIGHT and r >= 7):
                        add(base)
                else:
                    add(base)
                if first and out:
                    return out
        hand = hands[me]
        if any(hand):
            check = attacked(board, king, foe)
            empty = [t for t in range(81) if not board[t]]
            pawn_files = {s % 9 for s in range(81) if board[s] == PAWN | own}
            for h, n in enumerate(hand):
                if not n:
                    continue
                kind = HAND_KINDS[h]
                for t in empty:
                    r = t // 9 if me == 0 else 8 - t // 9
                    if (kind == PAWN or kind == LANCE) and r == 8 or kind == KNIGHT and r >= 7:
                        continue
                    if kind == PAWN and t % 9 in pawn_files:
                        continue
                    if check:
                        b[t] = kind | own
                        safe = not attacked(b, king, foe)
                        b[t] = 0
                        if not safe:
                            continue
                    if kind == PAWN and t in STEP[foe][PAWN][kings[foe]] and self._drop_mates(board, hands, kings, me, t):
                        continue
                    add(DROP + h * 81 + t)
                    if first:
                        return out
        return out

    def _drop_mates(self, board, hands, kings, me: int, t: int) -> bool:
        """Whether a pawn of `me` dropped on t (checking the enemy king) leaves the enemy no move."""
        b = list(board)
        b[t] = PAWN | (GOTE if me else 0)
        return not self._moves(tuple(b), hands, kings, 1 - me, first=True)

    def legal_moves(self, state) -> list:
        board, hands, kings, me, _ply, result = state
        return [] if result is not None else self._moves(board, hands, kings, me)

    def apply(self, state, move):
        board, hands, kings, me, ply, result = state
        if result is not None:
            raise IllegalMove("the game is over", 0)
        b = list(board)
        hand = list(hands[me])
        own = GOTE if me else 0
        if move >= DROP:
            h, t = divmod(move - DROP, 81)
            hand[h] -= 1
            b[t] = HAND_KINDS[h] | own
        else:
            st, promotes = divmod(move, 2)
            s, t = divmod(st, 81)
            x = b[s]
            y = b[t]
            if y:
                k = y & 15
                hand[HAND_INDEX[BASE.get(k, k)]] += 1
            b[s] = 0
            b[t] = (PROMOTED[x & 15] | own) if promotes else x
            if x & 15 == KING:
                kings = (t, kings[1]) if me == 0 else (kings[0], t)
        hands = (tuple(hand), hands[1]) if me == 0 else (hands[0], tuple(hand))
        board = tuple(b)
        ply += 1
        nxt = 1 - me
        if self.max_plies and ply >= self.max_plies:
            return (board, hands, kings, nxt, ply, ())
        if not self._moves(board, hands, kings, nxt, first=True):
            return (board, hands, kings, nxt, ply, (me,))
        return (board, hands, kings, nxt, ply, None)

    # ---------------------------------------------------------------- results
    def outcome(self, state) -> Outcome:
        result = state[5]
        if result is None:
            return Outcome(False, (), {n: 0.0 for n in PLAYERS}, None)
        if not result:
            return Outcome(True, (), {n: 0.5 for n in PLAYERS}, None)
        return Outcome(True, tuple(PLAYERS[i] for i in result),
                       {n: (1.0 if i in result else 0.0) for i, n in enumerate(PLAYERS)}, None)

    def evaluate(self, state):
        return None

    # ---------------------------------------------------------------- notation
    def move_str(self, move) -> str:
        if move >= DROP:
            h, t = divmod(move - DROP, 81)
            return f"{LETTERS[h]}*{name(t)}"
        st, promotes = divmod(move, 2)
        s, t = divmod(st, 81)
        return f"{name(s)}{name(t)}{'+' if promotes else ''}"

    def parse_move(self, state, text: str):
        return parse_by_notation(self, state, text.strip())
