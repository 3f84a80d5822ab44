"""Le zug, hand-written: a reference implementation of the Game API (engine/api.py).

A yardstick for the generic engine (speed) and a cross-check of it (same moves, same results), not
used by the engine. The rules are those of docs/games/lezug.md.

Plain Python on purpose: a flat list board, precomputed diagonal neighbour tables, a set-based
search over jump landings, no cleverness beyond that.

State: a tuple (board, reserves, to_move, ply, passes, result)
    board     tuple of 289 ints (row-major 17x17): 0 empty, 1 white, 2 black
    reserves  (white, black) pieces not yet placed; > 0 means the setup turn is still to come
    to_move   0 white, 1 black
    ply       moves applied so far (setups and passes included)
    passes    passes in a row just before this position
    result    None while playing, else the tuple of winner seats ((0, 1) for a draw)
Moves: (origin, destination) for a step or jump sequence, a sorted 3-tuple of squares for a setup,
and the string "pass".
"""
from __future__ import annotations

from itertools import combinations

from rulebook.api import IllegalMove, Outcome

SIZE = 17
NSQ = SIZE * SIZE
PLAYERS = ("white", "black")
PASS = "pass"
N_PIECES = 12

# Diagonal directions (drow, dcol): 0, 1 go up the ranks (white's forward), 2, 3 go down.
DIRS = ((1, -1), (1, 1), (-1, -1), (-1, 1))
FORWARD = ((0, 1), (2, 3))
ALL_DIRS = (0, 1, 2, 3)


def _build_tables():
    step = [[-1] * 4 for _ in range(NSQ)]   # the diagonal neighbour, or -1 off the board
    jump = [[None] * 4 for _ in range(NSQ)]  # (jumped square, landing square), or None
    for r in range(SIZE):
        for c in range(SIZE):
            i = r * SIZE + c
            for d, (dr, dc) in enumerate(DIRS):
                if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
                    step[i][d] = (r + dr) * SIZE + c + dc
                if 0 <= r + 2 * dr < SIZE and 0 <= c + 2 * dc < SIZE:
                    jump[i][d] = ((r + dr) * SIZE + c + dc, (r + 2 * dr) * SIZE + c + 2 * dc)
    return tuple(map(tuple, step)), tuple(map(tuple, jump))


STEP, JUMP = _build_tables()
DARK = tuple(i for i in range(NSQ) if (i // SIZE + i % SIZE) % 2 == 0)   # the 145 playable squares
ROW = tuple(i // SIZE for i in range(NSQ))
# STATION[p][i]: square i lies in player p's station (the 4 ranks nearest p's home).
STATION = (tuple(ROW[i] <= 3 for i in range(NSQ)), tuple(ROW[i] >= SIZE - 4 for i in range(NSQ)))
OUTSIDE = tuple(tuple(not x for x in st) for st in STATION)
ANYWHERE = (True,) * NSQ
HOME_ROW = (0, SIZE - 1)
SETUP_ROW = (1, SIZE - 2)
# The setup moves of each player: 3 of the 8 dark squares next to the home rank, sorted.
SETUPS = tuple(
    tuple(combinations([i for i in DARK if ROW[i] == SETUP_ROW[p]], 3)) for p in (0, 1))


def square_name(i: int) -> str:
    return "abcdefghijklmnopq"[i % SIZE] + str(i // SIZE + 1)


def _initial_board():
    board = [0] * NSQ
    for p in (0, 1):
        for i in DARK:
            if ROW[i] == HOME_ROW[p]:
                board[i] = p + 1
    return tuple(board)


class LeZug:
    name = "Le zug"

    def __init__(self, max_plies: int = 2000, blocked: str = "pass"):
        if blocked not in ("pass", "lose"):
            raise ValueError("blocked must be 'pass' or 'lose'")
        self.max_plies = max_plies
        self.blocked = blocked
        self.players = PLAYERS
        self.options = {"max_plies": max_plies, "blocked": blocked}

    # ---------------------------------------------------------------- state queries
    def initial_state(self):
        return (_initial_board(), (3, 3), 0, 0, 0, None)

    def to_move(self, state) -> int:
        return state[2]

    def ply(self, state) -> int:
        return state[3]

    def is_over(self, state) -> bool:
        return state[5] is not None

    def chance_outcomes(self, state):
        return []

    # ---------------------------------------------------------------- move generation
    def _ordinary_moves(self, board, p):
        """All (origin, destination) moves of player p (0/1) on board, after the setup."""
        me = p + 1
        mine = [i for i in DARK if board[i] == me]
        own_st, opp_st = STATION[p], STATION[1 - p]
        in_own = sum(1 for i in mine if own_st[i])
        backward = len(mine) == N_PIECES and all(opp_st[i] for i in mine)
        dirs = ALL_DIRS if backward else FORWARD[p]
        moves = []
        for o in mine:
            # ok[i]: a landing on square i is allowed for this piece.
            if backward:
                ok = opp_st               # every landing must lie in the opponent's station
            elif in_own - own_st[o] == 0:
                ok = ANYWHERE             # entry rule: no *other* piece of ours in our station
            else:
                ok = OUTSIDE[1 - p]       # ... else the opponent's station is closed
            # The moving piece has left o: o counts as empty and cannot be jumped over.
            dests = set()
            for d in dirs:
                n = STEP[o][d]
                if n >= 0 and board[n] == 0 and ok[n]:
                    dests.add(n)
            # Set-based search over jump landings (any path to a landing is as good as another:
            # the landing rules depend only on the square).
            seen = {o}
            todo = [o]
            while todo:
                s = todo.pop()
                for d in dirs:
                    j = JUMP[s][d]
                    if j is None:
                        continue
                    mid, land = j
                    if mid == o or board[mid] == 0 or (board[land] != 0 and land != o) or land in seen:
                        continue
                    if ok[land]:
                        seen.add(land)
                        todo.append(land)
            seen.discard(o)
            for s in seen:
                dests.add(s)
                for d in dirs:   # the optional final step after the last jump
                    n = STEP[s][d]
                    if n >= 0 and (board[n] == 0 or n == o) and ok[n]:
                        dests.add(n)
            dests.discard(o)      # a move ending on its own origin does not exist
            moves.extend((o, t) for t in dests)
        return moves

    def legal_moves(self, state) -> list:
        board, reserves, p, ply, passes, result = state
        if result is not None:
            return []
        if reserves[p]:
            return list(SETUPS[p])
        moves = self._ordinary_moves(board, p)
        if not moves and self.blocked == "pass":
            return [PASS]
        return moves

    # ---------------------------------------------------------------- applying moves
    @staticmethod
    def _has_won(board, p) -> bool:
        """p's pieces fill the opponent's home rank, and the other 3 stand on the rank next to it."""
        me = p + 1
        home, nxt = HOME_ROW[1 - p], SETUP_ROW[1 - p]
        on_home = on_next = 0
        for i in DARK:
            if board[i] == me:
                if ROW[i] == home:
                    on_home += 1
                elif ROW[i] == nxt:
                    on_next += 1
        return on_home == 9 and on_next == 3

    def apply(self, state, move):
        board, reserves, p, ply, passes, result = state
        if result is not None:
            raise IllegalMove("the game is over", 0)
        ply += 1
        if move == PASS:
            passes += 1
            if passes >= 2:
                result = (0, 1)       # two passes in a row: a draw
        else:
            passes = 0
            b = list(board)
            if len(move) == 3:        # setup: the whole reserve goes down at once
                for i in move:
                    b[i] = p + 1
                reserves = (0, reserves[1]) if p == 0 else (reserves[0], 0)
            else:
                o, t = move
                b[o] = 0
                b[t] = p + 1
                if ROW[t] in (HOME_ROW[1 - p], SETUP_ROW[1 - p]) and self._has_won(b, p):
                    result = (p,)
            board = tuple(b)
        nxt = 1 - p
        if result is None and ply >= self.max_plies:
            result = (0, 1)
        if result is None and self.blocked == "lose" and not reserves[nxt] \
                and not self._ordinary_moves(board, nxt):
            result = (p,)             # variant: a blocked player loses
        return (board, reserves, nxt, ply, passes, result)

    # ---------------------------------------------------------------- results
    def outcome(self, state) -> Outcome:
        result = state[5]
        if result is None:
            return Outcome(False, (), {n: 0.0 for n in PLAYERS}, None)
        if len(result) == 2:
            return Outcome(True, PLAYERS, {n: 0.5 for n in PLAYERS}, None)
        w = result[0]
        return Outcome(True, (PLAYERS[w],), {n: 1.0 if i == w else 0.0 for i, n in enumerate(PLAYERS)}, None)

    def evaluate(self, state):
        """Mean progress of each side's 12 pieces toward the far side (reserve pieces count 0)."""
        board, reserves, p, ply, passes, result = state
        if result is not None:
            return [1.0 if len(result) == 1 and result[0] == s else (0.5 if len(result) == 2 else 0.0)
                    for s in (0, 1)]
        adv = [0, 0]
        for i in DARK:
            v = board[i]
            if v == 1:
                adv[0] += ROW[i]
            elif v == 2:
                adv[1] += SIZE - 1 - ROW[i]
        return [a / ((SIZE - 1) * N_PIECES) for a in adv]

    # ---------------------------------------------------------------- notation
    def move_str(self, move) -> str:
        if move == PASS:
            return PASS
        if len(move) == 3:
            return "+".join(square_name(i) for i in move)
        return square_name(move[0]) + "-" + square_name(move[1])

    def parse_move(self, state, text: str):
        legal = self.legal_moves(state)
        t = text.strip().lower()
        if "+" in t:  # a setup may be typed in any order
            parts = t.split("+")
            try:
                sq = sorted((int(s[1:]) - 1) * SIZE + "abcdefghijklmnopq".index(s[0]) for s in parts)
                t = "+".join(square_name(i) for i in sq)
            except (ValueError, IndexError):
                pass
        for m in legal:
            if self.move_str(m) == t:
                return m
        if state[5] is not None:
            raise IllegalMove(f"'{text}': the game is over", 0)
        raise IllegalMove(f"'{text}' is not a legal move here ({len(legal)} legal moves)", len(legal))
