"""The encoding of a grid game (square, hex and graph boards): its observation planes and its
action space, read from the compiled game (docs/api.md, "Observations and actions").

- **planes** (`planes`, `shape`): on a board whose cells form a rectangle of files x ranks (square
  and hex lattices) each plane is `(ranks, files)`, row 0 the first rank, column 0 file `a`; on a
  board of named points it is `(cells,)`. Planes in order: one per (piece kind, relative owner)
  (owner `+0` the observing seat, `+1` the next seat in turn order, ...), one per kind for pieces
  owned by nobody (games with neutral pieces), the last cell and the passed cell (when the game
  keeps them), then constant planes: the seat to move (one per relative seat), reserves (one per
  relative seat), ply, passes in a row, quiet plies (when kept), the phase (one per phase) and
  every option (true/false as 1/0, a whole number as itself, a listed text as its index).
- **actions** (`size`): a move's index is `(origin * cells + destination) * extra + choice`, cells
  counted by their ordinal among the board's used cells (holes get no index), origin a cell or
  the one origin after the cells that stands for a piece put on the board (a drop or a placement;
  in a game whose patterns move no piece it is the only origin, 0); `extra` is the
  product of the factors the game has: the kind a moving piece ends as (games that promote or
  drop several kinds), the cell shot at (games whose moves shoot), the block turned (games that
  turn blocks) and the piece removed anywhere (games whose patterns `remove`: its cell, or one
  more for none); a sowing is indexed as from its pit to its pit. After those come a block for
  drops of several pieces at once (per drop zone of a seat, one index per subset of its cells, a
  bit a cell; the seats' zones as one when they overlap; a zone of more than 20 cells dropped on
  k at a time, one index per k-set, ranked in the combinatorial number system) and one index for
  `pass`. Two legal
  moves of one position with one index (e.g. capture sequences with the same ends and different
  paths) raise RulebookError naming both.
"""
from __future__ import annotations

import struct
from math import comb
from typing import Any, Hashable

import numpy as np

from ..api import CHANCE, RulebookError
from .encoding import NO_MOVES, EncodingBase, LegalMoves, option_planes

__all__ = ["GridEncoding"]

PASS = "pass"
_F32 = struct.Struct("<f").pack
_JOIN = bytearray().join   # bytes joined into a new bytearray: the buffer of a writable array
_FLOAT32 = np.dtype("<f4")     # the bytes written are little-endian float32
_INT8 = np.dtype(np.int8)
_UINT8 = np.dtype(np.uint8)
MAX_CHUNK_TERMS = 16        # observe joins bitboards' bytes' planes when they are at most this many
MAX_DROP_CELLS = 20         # a multi-piece drop block has 2**cells indices: at most about a million
MAX_DROP_SETS = 1 << 20     # so many k-sets of a larger zone at most


class GridEncoding(EncodingBase):
    """The observation planes and the action space of one compiled grid game (see the module's doc).

    `observe(state, seat)` is a float32 array of shape `shape`; `legal(state)` the int8 mask of
    length `size` and the legal move of each index set in it; `index(move)` a move's index,
    `move(state, index)` the legal move with that index (IllegalMove if none).
    """

    def __init__(self, game, where: str = ""):
        self.game = game
        self.where = where or getattr(game, "name", "game")
        layout = getattr(game, "layout", None)
        geo = getattr(game, "geo", None)
        if layout is None or geo is None or not hasattr(game, "kinds"):
            raise RulebookError(f"{self.where}: this game's board kind has no observation planes or fixed action "
                                f"space (only grid and track boards do: an open board's moves name cells without bound)")
        self.n = n = len(game.players)
        self.cells = cells = game.size
        self.slot = dict(layout.index)
        self.kinds = [k.name for k in game.kinds]
        self.multi = len(self.kinds) > 1
        self.neutral = bool(getattr(game, "neutral", False))
        files = getattr(geo, "files", 0)
        if files and cells == files * getattr(geo, "ranks", 0):
            self.board_shape: tuple[int, ...] = (cells // files, files)
        else:
            self.board_shape = (cells,)
        # ---- planes
        names = [f"{k}/+{r}" for k in self.kinds for r in range(n)]
        if self.neutral:
            names += [f"{k}/nobody" for k in self.kinds]
        self.bit_planes = len(names)
        self.marks = [s for s in ("last", "passed") if s in self.slot]
        names += self.marks
        # a reserve is a count per seat, or a hand: a count per kind per seat (one plane each)
        hand = game.initial_state()[self.slot["reserves"]][0]
        self.hand_kinds = len(hand) if isinstance(hand, tuple) else 0
        names += [f"to_move/+{r}" for r in range(n)]
        if self.hand_kinds:
            hand_names = self.kinds if len(self.kinds) == self.hand_kinds else [str(i) for i in range(self.hand_kinds)]
            names += [f"reserve:{k}/+{r}" for r in range(n) for k in hand_names]
        else:
            names += [f"reserve/+{r}" for r in range(n)]
        self.counters = [s for s in ("ply", "passes", "quiet") if s in self.slot]
        names += self.counters
        self.phases = [ph.name for ph in game.rules.phases]
        names += [f"phase:{p}" for p in self.phases]
        option_names, self.option_values = option_planes(game)
        names += option_names
        self.planes = tuple(names)
        self.shape = (len(names), *self.board_shape)
        # ---- actions: cells by their ordinal among the board's used cells (holes get no index)
        rules = game.rules
        used = [i for i in range(cells) if geo.used[i]]
        self.used_cells = U = len(used)
        promotes = any(k.promote_to for k in game.kinds)
        drops_kinds = self.multi and any(ph.drops or ph.places for ph in rules.phases)
        self.kind_factor = len(self.kinds) if (promotes or drops_kinds) else 1
        features = game.features()             # what the game's moves can do besides moving
        self.shot_factor = U if "shot" in features else 1
        # the block turned after the move (games that turn blocks), the piece removed anywhere
        # (a capture chosen apart from the move: its cell, or U for none)
        self.turn_factor = len(game.turns) if "turn" in features else 1
        self.remove_factor = U + 1 if "remove" in game.action_words() else 1
        self.extra = self.kind_factor * self.shot_factor * self.turn_factor * self.remove_factor
        # origins: every used cell when some pattern moves a piece (or sows from it), plus one for
        # a piece put on the board
        self.moves_pieces = any(alts for ph in rules.phases for _k, alts in ph.kinds) or \
            any(ph.sows for ph in rules.phases)
        puts = any(ph.drops or ph.places for ph in rules.phases)
        self.put_origin = U if self.moves_pieces else 0
        self.origins = (U if self.moves_pieces else 0) + (1 if puts else 0)
        self.single = self.origins * U * self.extra
        # ordinal of each cell; the item after the cells (read as [-1]) is the put origin
        self._field = game.move_field          # where a move tuple keeps each field
        self._ord = [-1] * (cells + 1)
        for j, c in enumerate(used):
            self._ord[c] = j
        self._ord[cells] = self.put_origin
        # drops of several pieces at once: one bit per cell of the drop zone of the seat that
        # drops (the zones of the seats as groups of their own when no cell is in two); a zone
        # of more cells than that can index, dropped on k at a time, gets one index per k-set
        groups: list[list[int]] = []
        sets: list[tuple[list[int], int]] = []
        for ph in rules.phases:
            for zone, count in ph.drops:
                if game.general and count == 1:         # (a general game's single drop has its origin's index)
                    continue
                by_seat = game.zone_cells[zone.parts[0]]
                for s in (by_seat if isinstance(by_seat, dict) else range(len(by_seat))):
                    cells_s = sorted(set(by_seat[s]))
                    if len(cells_s) > MAX_DROP_CELLS and count is not None:
                        if (cells_s, count) not in sets:
                            sets.append((cells_s, count))
                    elif cells_s and cells_s not in groups:
                        groups.append(cells_s)
        if sum(len(g) for g in groups) != len({c for g in groups for c in g}):
            groups = [sorted({c for g in groups for c in g})]
        widest = max((len(g) for g in groups), default=0)
        if widest > MAX_DROP_CELLS:
            raise RulebookError(f"{self.where}: drops of several pieces at once onto {widest} cells have "
                                f"2**{widest} sets: too many to index (at most {MAX_DROP_CELLS} cells)")
        for cells_s, count in sets:
            if comb(len(cells_s), count) > MAX_DROP_SETS:
                raise RulebookError(f"{self.where}: drops of {count} pieces at once onto {len(cells_s)} cells have "
                                    f"{comb(len(cells_s), count):,} sets: too many to index (at most {MAX_DROP_SETS:,})")
        self.drop_groups = groups
        # cell -> (its group's first index, its bit); (cell, k) -> (its k-sets' first index, its rank among the zone's cells)
        self._drop_pos: dict = {}
        offset = 0
        for g in groups:
            for j, c in enumerate(g):
                self._drop_pos[c] = (offset, j)
            offset += 1 << len(g)
        for cells_s, count in sets:
            for j, c in enumerate(cells_s):
                self._drop_pos[c, count] = (offset, j)
            offset += comb(len(cells_s), count)
        self.drop_block = offset
        self.pass_index = self.single + self.drop_block
        self.size = self.pass_index + 1
        self._general = bool(game.general)
        # the action index of every (origin, destination) pair, found once: T[o][d] is
        # (origin * cells + destination) * extra, row -1 the put origin's
        O, extra = self._ord, self.extra
        self._pair_index = [[(O[o] * U + O[d]) * extra for d in range(cells)] for o in [*range(cells), cells]]
        others = self.shot_factor * self.turn_factor * self.remove_factor
        self._kind_in_index = self._general and self.kind_factor > 1 and others == 1
        self._cells_index = others == 1 and not self._kind_in_index
        # move -> index for the moves the table above does not index (passes, drops of several
        # pieces, shots): index() once per move met (a drop's subset sums its cells' bits)
        self._index_of = _IndexTable(self.index).__getitem__
        # what observe reads and writes, found once: an observation is one bytearray of float32
        # planes joined from planes made here, the pieces' planes then written into it from the
        # cells' bytes (see observe)
        self._B, self._R, self._ME = self.slot["boards"], self.slot["reserves"], self.slot["to_move"]
        self._K = self.slot.get("kinds")
        self._orders = [[(s + r) % n for r in range(n)] for s in range(n)]
        self._bits_zero = bytes(4 * cells * self.bit_planes)
        one, zero = _F32(1.0), bytes(4 * cells)
        self._value_planes = _ValuePlanes(cells)
        # a mark's plane for each cell, and (item -1) for none
        self._mark_planes = [(self.slot[m], [zero[:4 * c] + one + zero[4 * c + 4:] for c in range(cells)] + [zero])
                             for m in self.marks]
        self._to_move_planes = [zero * r + one * cells + zero * (n - 1 - r) for r in range(n)]
        options = b"".join(_F32(float(x)) * cells for x in self.option_values)
        k = len(self.phases)
        self._phase_planes = [zero * i + one * cells + zero * (k - 1 - i) + options for i in range(k)] or [options]
        self._phased = k > 1
        self._lights = [self._cell_planes(s) for s in range(n)]
        self.observe = self._observe_function()
        self.legal, self.mask, self.legal_lists = self._legal_functions()

    def placement_indices(self) -> list[int]:
        """The action index of putting a piece on each cell (-1 for a hole), for a game whose
        every move puts one piece of its one kind."""
        return [self._pair_index[-1][t] if self._ord[t] >= 0 else -1 for t in range(self.cells)]

    def piece_lights(self, seat: int) -> np.ndarray:
        """(256, piece planes) float32: the piece planes a cell's byte lights, seen by `seat`."""
        planes = np.frombuffer(b"".join(self._cell_planes(seat)), dtype=np.uint8).reshape(self.bit_planes, 256)
        return (planes.T != 0).astype(np.float32)

    def _cell_planes(self, seat: int) -> list[bytes]:
        """Per piece plane, seen by `seat`, a bytes.translate table: 1 for the bytes of a cell
        (kind << 3 | owner + 1) that light it, else 0 (the planes of the pieces' bitboards, read
        from the cells instead)."""
        n, nk = self.n, len(self.kinds)
        tables = [bytearray(256) for _ in range(self.bit_planes)]
        for v in range(1, 255):         # 0 an empty cell, 255 the byte off the board
            kind, owner = v >> 3, (v & 7) - 1
            if self.multi and kind >= nk:
                continue
            if owner < n:
                plane = (kind * n if self.multi else 0) + (owner - seat) % n
            elif owner == n and self.neutral:
                plane = n * nk + (kind if self.multi else 0)
            else:
                continue
            tables[plane][v] = 1
        return [bytes(t) for t in tables]

    # ---- actions
    def index(self, move: Hashable) -> int:
        """The action index of a move (of any position)."""
        if move == PASS:
            return self.pass_index
        O, U = self._ord, self.used_cells
        if move[0] == "sow":                        # a sowing from a pit: ('sow', cell), the pit both origin and destination
            return (O[move[1]] * U + O[move[1]]) * self.extra
        if move[0] == "drop":                       # a plain game's drop: ('drop', cell, ...)
            if len(move) == 2:
                return (self.put_origin * U + O[move[1]]) * self.extra
            pos = self._drop_pos
            k = len(move) - 1
            if (move[1], k) in pos:                 # a k-set of a large zone: its rank (the combinatorial number system)
                ranks = sorted(pos[c, k][1] for c in move[1:])
                return self.single + pos[move[1], k][0] + sum(comb(j, i + 1) for i, j in enumerate(ranks))
            return self.single + pos[move[1]][0] + sum(1 << pos[c][1] for c in move[1:])
        F = self._field
        i = O[move[F["origin"]]] * U + O[move[F["dest"]]]   # origin -1 (a piece put on the board): the put origin
        if not self._general:                       # a plain move: (origin, destination)
            return i * self.extra
        if self.kind_factor > 1:
            i = i * self.kind_factor + (move[F["value"]] >> 3)
        if self.shot_factor > 1:
            shot = move[F["shot"]]
            i = i * self.shot_factor + (O[shot & 0xFFFF] if shot is not None else 0)
        if self.turn_factor > 1:
            i = i * self.turn_factor + move[F["turn"]]
        if self.remove_factor > 1:                  # the removed piece: the last capture's cell (a removal comes last)
            caps = move[F["caps"]]
            i = i * self.remove_factor + (O[caps.bit_length() - 1] if caps else U)
        return i

    def legal(self, state) -> tuple[np.ndarray, LegalMoves]:
        """The legal-action mask (int8, length `size`) and the legal move of each index set in it."""
        return self.legal(state)        # the function _legal_functions wrote (set by __init__)

    def mask(self, moves) -> tuple[np.ndarray, LegalMoves]:
        """legal() from a position's legal moves (for a caller that has them already)."""
        return self.mask(moves)         # (likewise)

    def legal_lists(self, state) -> tuple[np.ndarray, list[int], list]:
        """legal() for an environment that keeps the moves itself (see EncodingBase.legal_lists)."""
        return self.legal_lists(state)  # (likewise)

    def _legal_functions(self):
        """legal(), mask() and legal_lists() written for this game, as observe is: a call's fixed costs are most
        of a mask's. The common moves, a tuple whose origin is a cell number (-1 for a piece put
        on the board), are indexed by the (origin, destination) table in one list comprehension; a
        list with another move (a pass, a drop of several pieces: their origin is a text, which no
        table row takes) is indexed by index() through the table of the moves met so far."""
        F = self._field
        if self._cells_index and not self.moves_pieces and not self.drop_block:
            # every move puts one piece (a pass's text takes no row): its index its destination's
            by_table = f"[PUT[m[{F['dest']}]] for m in moves]"
        elif self._cells_index:                 # (origin, destination, ...)
            by_table = f"[T[m[{F['origin']}]][m[{F['dest']}]] for m in moves]"
        elif self._kind_in_index:               # and the kind the piece ends as, its value >> 3
            by_table = f"[T[m[{F['origin']}]][m[{F['dest']}]] + (m[{F['value']}] >> 3) for m in moves]"
        else:
            by_table = "[*map(INDEX_OF, moves)]"
        # a fuller move has fields no index reads: an index met twice is refused (counted on the
        # mask when it is short, by a set of the indices when not). A plain game's moves,
        # (origin, destination) or a drop's cells, are their indices' digits: distinct indices.
        if not self._general:
            check = []
        elif self.size <= 512:
            check = ["    if mask.count(1) != len(indices):", "        COLLISION(moves)"]
        else:
            check = ["    if len(set(indices)) != len(indices):", "        COLLISION(moves)"]
        def body(*result: str) -> list[str]:     # the mask's lines, returning `result`
            return ["    try:",
                    f"        indices = {by_table}",
                    "    except TypeError:",
                    "        indices = [*map(INDEX_OF, moves)]",
                    f"    mask = bytearray({self.size})",
                    "    for i in indices:",
                    "        mask[i] = 1",
                    *check,
                    f"    return {', '.join(result)}"]
        # (dtype positional: a keyword costs more; a read-only mask is the array of immutable bytes)
        chance = ["    if TO_MOVE(state) == CHANCE:", f"        return ZEROS({self.size}, INT8), NO_MOVES"]
        src = "\n".join([
            "def legal(state):", *chance, "    moves = MOVES(state)",
            *body("FROMBUFFER(mask, INT8)", "LEGAL_MOVES(indices, moves)"),
            "",
            "def mask(moves):",
            *body("FROMBUFFER(mask, INT8)", "LEGAL_MOVES(indices, moves)"),
            "",
            "def legal_lists(state):",
            "    if TO_MOVE(state) == CHANCE:", "        return READ_ONLY_ZEROS, [], []",
            "    moves = MOVES(state)",
            *body("FROMBUFFER(bytes(mask), INT8)", "indices", "moves")])
        ns = {"T": self._pair_index, "PUT": self._pair_index[-1], "INDEX_OF": self._index_of, "COLLISION": self._collision,
              "FROMBUFFER": np.frombuffer, "ZEROS": np.zeros, "INT8": _INT8, "LEGAL_MOVES": LegalMoves,
              "NO_MOVES": NO_MOVES, "CHANCE": CHANCE, "TO_MOVE": self.game.to_move, "MOVES": self.game.legal_moves,
              "READ_ONLY_ZEROS": np.frombuffer(bytes(self.size), _INT8)}
        exec(compile(src, f"<legal of {self.where}>", "exec"), ns)
        for name in ("legal", "mask", "legal_lists"):
            ns[name].__doc__ = getattr(GridEncoding, name).__doc__
        return ns["legal"], ns["mask"], ns["legal_lists"]

    def _collision(self, moves) -> None:
        self.collision(moves, self.index, "this game's moves are not named by their cells alone")

    # ---- observations
    def observe(self, state, seat: int = 0) -> np.ndarray:
        """The observation planes of `state` seen by `seat` (a new float32 array of shape `shape`)."""
        return self.observe(state, seat)        # the function _observe_function wrote (set by __init__)

    def _observe_function(self):
        """observe() written for this game's slots, as the game's own functions are: the planes'
        bytes joined in one expression (the counters', the marks', the seat to move's, made once),
        then the pieces' planes written from the cells' bytes. (A loop over the slots costs as much
        as the writing on a small board.)"""
        n, slot = self.n, self.slot
        seen = [f"MARKS[{j}][state[{slot[m]}]]" for j, m in enumerate(self.marks)]
        seen.append(f"TO_MOVE[(state[{self._ME}] - seat) % {n}]")
        seats = ["R[seat]"] + [f"R[(seat + {r}) % {n}]" for r in range(1, n)]
        if self.hand_kinds:
            seen += [f"V[{r}[{i}]]" for r in seats for i in range(self.hand_kinds)]
        else:
            seen += [f"V[{r}]" for r in seats]
        seen += [f"V[state[{slot[c]}]]" for c in self.counters]
        seen.append("PHASES[phase_index(state)]" if self._phased else "PHASES[0]")
        planes, cells = self.bit_planes, self.cells
        chunks = (cells + 7) // 8
        if chunks * planes <= MAX_CHUNK_TERMS:
            # a small board: each piece plane's bytes are those of its bitboard's bytes (8 cells
            # each, 256 values: their float32 bytes found once), joined with the other planes'
            # in the one expression (no cells read, nothing written after)
            n_k, order = len(self.kinds), [f"B[(seat + {r}) % {n}]" if r else "B[seat]" for r in range(n)]
            if self.multi:
                bits = [f"{order[r]} & K[{k}]" for k in range(n_k) for r in range(n)]
                bits += [f"B[{n}] & K[{k}]" for k in range(n_k)] if self.neutral else []
            else:
                bits = order + ([f"B[{n}]"] if self.neutral else [])
            last = "LAST" if cells % 8 else "CHUNK"
            terms = [f"{last if j == chunks - 1 else 'CHUNK'}[p{p}{f' >> {8 * j}' if j else ''} & 255]"
                     for p in range(planes) for j in range(chunks)]
            body = [f"    B = state[{self._B}]",
                    *([f"    K = state[{self._K}]"] if self.multi else []),
                    *(f"    p{p} = {b}" for p, b in enumerate(bits)),
                    f"    return ARRAY(SHAPE, FLOAT32, JOIN(({', '.join(terms + seen)})))"]
        else:
            # a larger board: the pieces' planes, zeros in the join, are then written at once
            # from the cells' bytes translated to 0 or 1 (numpy's one copy, converting them to
            # float32, costs less than two strided writes of their bytes from 200 cells on)
            if planes <= 4:     # a few planes: each translated by name, no map
                lit = ["    L = LIGHTS[seat]", f"    lit = {' + '.join(f'cells.translate(L[{p}])' for p in range(planes))}"]
            else:
                lit = ["    lit = JOIN_BYTES(map(cells.translate, LIGHTS[seat]))"]
            body = [f"    buf = JOIN((ZERO, {', '.join(seen)}))",
                    "    cells = state[0]",
                    "    if cells is None:",
                    "        return BIT_PLANES(state, seat, buf)",
                    f"    cells = cells[:{cells}]",
                    *lit,
                    "    ARRAY(PIECES_SHAPE, FLOAT32, buf)[:] = FROMBUFFER(lit, UINT8)",
                    "    return ARRAY(SHAPE, FLOAT32, buf)"]
        src = "\n".join(["def observe(state, seat=0):", f"    R = state[{self._R}]", *body])
        one = _F32(1.0)
        chunk = [b"".join(one if v >> b & 1 else bytes(4) for b in range(8)) for v in range(256)]
        ns = {"JOIN": _JOIN, "JOIN_BYTES": b"".join, "ZERO": self._bits_zero, "V": self._value_planes,
              "MARKS": [by_cell for _slot, by_cell in self._mark_planes], "TO_MOVE": self._to_move_planes,
              "PHASES": self._phase_planes, "phase_index": self.game.phase_index, "LIGHTS": self._lights,
              "ARRAY": np.ndarray, "SHAPE": self.shape, "FLOAT32": _FLOAT32, "PIECES_SHAPE": (planes * cells,),
              "FROMBUFFER": np.frombuffer, "UINT8": _UINT8,
              "BIT_PLANES": self._observe_bits, "CHUNK": chunk, "LAST": [c[:4 * (cells % 8)] for c in chunk]}
        exec(compile(src, f"<observe of {self.where}>", "exec"), ns)     # (env imports no stage but the pipeline's)
        fn = ns["observe"]
        fn.__doc__ = GridEncoding.observe.__doc__
        return fn

    def _observe_bits(self, state, seat: int, buf: bytearray) -> np.ndarray:
        """observe() of a game whose state keeps no cell bytes: the pieces' planes from its bitboards."""
        out = np.ndarray(self.shape, _FLOAT32, buf)
        self._bit_planes(state, self._orders[seat], out.reshape(len(self.planes), self.cells))
        return out

    def _bit_planes(self, state, order, out: np.ndarray) -> None:
        boards, n = state[self._B], self.n
        if self.multi:
            K = state[self._K]
            bits = [boards[o] & k for k in K for o in order]
            if self.neutral:
                bits += [boards[n] & k for k in K]
        else:
            bits = [boards[o] for o in order]
            if self.neutral:
                bits.append(boards[n])
        nb, nbits, cells = (self.cells + 7) // 8, self.bit_planes, self.cells
        buf = b"".join([b.to_bytes(nb, "little") for b in bits])
        out[:nbits] = np.unpackbits(np.frombuffer(buf, dtype=np.uint8), bitorder="little").reshape(nbits, nb * 8)[:, :cells]

    def describe(self) -> dict[str, Any]:
        """The encoding in words: shape, plane names, action-space size and its factors."""
        return {"shape": self.shape, "planes": list(self.planes), "actions": self.size,
                "factors": {"origin": self.origins, "destination": self.used_cells, "kind": self.kind_factor,
                            "shot": self.shot_factor, "multi_drops": self.drop_block, "pass": 1}}


class _IndexTable(dict):
    """move -> action index, each found by `index` on first use (the first 65,536 moves kept)."""

    def __init__(self, index):
        super().__init__()
        self.index = index

    def __missing__(self, move) -> int:
        i = self.index(move)
        if len(self) < 65536:
            self[move] = i
        return i


class _ValuePlanes(dict):
    """value -> the bytes of a float32 plane of that value on every cell, made on first use (the
    first few thousand values asked for are kept: the counters' and reserves' whole numbers)."""

    def __init__(self, cells: int):
        super().__init__()
        self.cells = cells

    def __missing__(self, value) -> bytes:
        plane = _F32(float(value)) * self.cells
        if len(self) < 4096:
            self[value] = plane
        return plane
