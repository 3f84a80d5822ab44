"""Xiangqi, hand-written: a reference implementation of the Game API (engine/api.py) for
games/xiangqi.yaml.

A yardstick for the generic engine (speed) and a cross-check of it (same moves, same results), not
used by the engine. The rules (docs/games/xiangqi.md): 9 files x 10 ranks of points, named a0..i9
(rank 0 is red's back rank); red (seat 0) moves first. General and advisors stay in their palace
(files d-f, ranks 0-2 or 7-9), elephants on their side of the river (ranks 0-4 or 5-9), an
elephant blocked by its eye and a horse by its leg; the cannon slides to move and hops over one
screen to capture; a soldier steps forward, and sideways too once across the river. No move may
leave the mover's general attacked or the two generals facing on an open file. A player with no
legal move loses. Option max_plies (0: off): drawn once that many plies are played.

Plain Python, a mailbox: point `rank * 9 + file` (a0 = 0) holds 0 (empty) or a piece code,
kind + 8 * seat. Moves are pseudo-legal from tables built once, then kept when the mover's general
is not attacked afterwards, tested outward from the general (rays for chariots, cannons and the
facing general; the horse's and the soldier's few points).

State: a tuple (board, to_move, ply, result)
    board    a tuple of 90 piece codes
    result   None while playing, else the winning seats (() for a draw)
Moves: from * 90 + to.
"""
from __future__ import annotations

from rulebook.api import IllegalMove, Outcome, parse_by_notation

PLAYERS = ("red", "black")
FILES = "abcdefghi"
GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = range(1, 8)
SYMBOLS = {"k": GENERAL, "a": ADVISOR, "b": ELEPHANT, "n": HORSE, "r": CHARIOT, "c": CANNON, "p": SOLDIER}
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"     # rank 9 first, red upper case
ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))      # (dfile, drank)
DIAG = ((1, 1), (1, -1), (-1, -1), (-1, 1))


def _on(f: int, r: int) -> bool:
    return 0 <= f < 9 and 0 <= r < 10


def _in_palace(f: int, r: int, seat: int) -> bool:
    return 3 <= f <= 5 and (r <= 2 if seat == 0 else r >= 7)


def _own_side(r: int, seat: int) -> bool:
    return r <= 4 if seat == 0 else r >= 5


def _tables():
    """Per point: the four orthogonal rays; per seat the general's and advisor's steps, the
    elephant's (eye, to) pairs and the soldier's steps; the horse's (leg, to) pairs; and, for the
    check test, the (from, leg) pairs of a horse that reaches the point."""
    rays, horse, horse_from = [], [], [[] for _ in range(90)]
    general, advisor, elephant, soldier = ([[], []] for _ in range(4))
    for i in range(90):
        f, r = i % 9, i // 9
        rays.append(tuple(tuple((r + k * dr) * 9 + f + k * df for k in range(1, 10) if _on(f + k * df, r + k * dr))
                          for df, dr in ORTHO))
        legs = []
        for df, dr in ORTHO:
            # the leg, then one point diagonally onward: two along the leg's line, one aside
            aside = ((1, 2 * dr), (-1, 2 * dr)) if df == 0 else ((2 * df, 1), (2 * df, -1))
            for sf, sr in aside:
                if _on(f + sf, r + sr):
                    legs.append(((r + dr) * 9 + f + df, (r + sr) * 9 + f + sf))
        horse.append(tuple(legs))
        for seat in (0, 1):
            fwd = 1 if seat == 0 else -1
            general[seat].append(tuple((r + dr) * 9 + f + df for df, dr in ORTHO
                                       if _on(f + df, r + dr) and _in_palace(f + df, r + dr, seat)))
            advisor[seat].append(tuple((r + dr) * 9 + f + df for df, dr in DIAG
                                       if _on(f + df, r + dr) and _in_palace(f + df, r + dr, seat)))
            elephant[seat].append(tuple(((r + dr) * 9 + f + df, (r + 2 * dr) * 9 + f + 2 * df) for df, dr in DIAG
                                        if _on(f + 2 * df, r + 2 * dr) and _own_side(r + 2 * dr, seat)))
            steps = [(0, fwd)] + ([(-1, 0), (1, 0)] if not _own_side(r, seat) else [])
            soldier[seat].append(tuple((r + dr) * 9 + f + df for df, dr in steps if _on(f + df, r + dr)))
    for i in range(90):
        for leg, to in horse[i]:
            horse_from[to].append((i, leg))
    return rays, horse, horse_from, general, advisor, elephant, soldier


RAYS, HORSE_MOVES, HORSE_FROM, GENERAL_STEPS, ADVISOR_STEPS, ELEPHANT_STEPS, SOLDIER_STEPS = _tables()


def _attacked(board, t: int, by: int) -> bool:
    """Whether seat `by` attacks point t (the flying general counted as an attack along a file)."""
    base = 8 * by
    for k, ray in enumerate(RAYS[t]):
        screen = False
        for p in ray:
            x = board[p]
            if not x:
                continue
            if not screen:
                if x == base + CHARIOT or (x == base + GENERAL and k % 2 == 0):    # k even: along the file
                    return True
                screen = True
            else:
                if x == base + CANNON:
                    return True
                break
    horse = base + HORSE
    for src, leg in HORSE_FROM[t]:
        if board[src] == horse and not board[leg]:
            return True
    soldier = base + SOLDIER
    back = -9 if by == 0 else 9                     # the point from which a soldier steps forward onto t
    if 0 <= t + back < 90 and board[t + back] == soldier:
        return True
    f, r = t % 9, t // 9
    if not _own_side(r, by):                        # sideways attacks only across the river
        if f > 0 and board[t - 1] == soldier:
            return True
        if f < 8 and board[t + 1] == soldier:
            return True
    return False


class Xiangqi:
    name = "Xiangqi"

    def __init__(self, max_plies: int = 0):
        self.players = PLAYERS
        self.options = {"max_plies": max_plies}
        self.max_plies = max_plies

    # ---------------------------------------------------------------- state queries
    def initial_state(self):
        board = [0] * 90
        for row, text in enumerate(START.split("/")):
            r, f = 9 - row, 0
            for ch in text:
                if ch.isdigit():
                    f += int(ch)
                    continue
                board[r * 9 + f] = SYMBOLS[ch.lower()] + (0 if ch.isupper() else 8)
                f += 1
        return (tuple(board), 0, 0, None)

    def to_move(self, state) -> int:
        return state[1]

    def ply(self, state) -> int:
        return state[2]

    def is_over(self, state) -> bool:
        return state[3] is not None

    def chance_outcomes(self, state):
        return []

    # ---------------------------------------------------------------- rules
    def _pseudo(self, board, me: int):
        """(from, to) of every move by the pieces' rules, before the general's safety."""
        out = []
        add = out.append
        base = 8 * me
        for s in range(90):
            x = board[s]
            if not x or (x >> 3) != me:
                continue
            kind = x - base
            if kind == CHARIOT or kind == CANNON:
                for ray in RAYS[s]:
                    screen = False
                    for p in ray:
                        y = board[p]
                        if not screen:
                            if not y:
                                add((s, p))
                                continue
                            if kind == CHARIOT:
                                if (y >> 3) != me:
                                    add((s, p))
                                break
                            screen = True
                        elif y:
                            if (y >> 3) != me:
                                add((s, p))
                            break
            elif kind == HORSE:
                for leg, to in HORSE_MOVES[s]:
                    if not board[leg]:
                        y = board[to]
                        if not y or (y >> 3) != me:
                            add((s, to))
            elif kind == ELEPHANT:
                for eye, to in ELEPHANT_STEPS[me][s]:
                    if not board[eye]:
                        y = board[to]
                        if not y or (y >> 3) != me:
                            add((s, to))
            else:
                table = (GENERAL_STEPS if kind == GENERAL else ADVISOR_STEPS if kind == ADVISOR else SOLDIER_STEPS)
                for to in table[me][s]:
                    y = board[to]
                    if not y or (y >> 3) != me:
                        add((s, to))
        return out

    def _safe(self, board, me: int, s: int, t: int) -> bool:
        """Whether the move s-t leaves the mover's general unattacked."""
        b = list(board)
        b[t] = b[s]
        b[s] = 0
        general = 8 * me + GENERAL
        g = t if board[s] == general else b.index(general)
        return not _attacked(b, g, 1 - me)

    def legal_moves(self, state) -> list:
        board, me, _ply, result = state
        if result is not None:
            return []
        safe = self._safe
        return [s * 90 + t for s, t in self._pseudo(board, me) if safe(board, me, s, t)]

    def _has_move(self, board, me: int) -> bool:
        safe = self._safe
        return any(safe(board, me, s, t) for s, t in self._pseudo(board, me))

    def apply(self, state, move):
        board, me, ply, result = state
        if result is not None:
            raise IllegalMove("the game is over", 0)
        s, t = divmod(move, 90)
        b = list(board)
        b[t] = b[s]
        b[s] = 0
        board = tuple(b)
        ply += 1
        nxt = 1 - me
        if self.max_plies and ply >= self.max_plies:
            return (board, nxt, ply, ())
        if not self._has_move(board, nxt):
            return (board, nxt, ply, (me,))
        return (board, nxt, ply, None)

    # ---------------------------------------------------------------- results
    def outcome(self, state) -> Outcome:
        result = state[3]
        if result is None:
            return Outcome(False, (), {n: 0.0 for n in PLAYERS}, None)
        return Outcome(True, tuple(PLAYERS[i] for i in result),
                       {n: (1.0 if i in result else 0.0) for i, n in enumerate(PLAYERS)}, None)

    def evaluate(self, state):
        return None

    # ---------------------------------------------------------------- notation
    def move_str(self, move) -> str:
        s, t = divmod(move, 90)
        return f"{FILES[s % 9]}{s // 9}{FILES[t % 9]}{t // 9}"

    def parse_move(self, state, text: str):
        return parse_by_notation(self, state, text.strip().lower())
