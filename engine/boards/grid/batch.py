"""Many games at once: the batch backend of a grid game, generated from the same rules as its
scalar code, advancing G games per numpy call (random playouts by the thousand, an RL learner's
batch of environments).

For the games whose one phase places a piece onto an empty cell (playout.placing_phase: one
kind from an unlimited supply, never promoting) and whose landing and end rules use only words
with a batch form (BATCH_FUNCTIONS beside each function's scalar form in functions/, and the
names of batch_vocabulary). Any other game is refused with the word that has no batch form.

The batch's state is the scalar state's own bytes, one row per game: `cells` (G, SIZE + 1),
the wall byte at SIZE, with the seat to move, the ply, the last cell placed and the result kept
as arrays beside it. In the generated code an expression's value is an array whose first axis
is the games: a group (G, SIZE) of booleans, a number or a truth (G, 1), a cell an array of cell
indices, (G, 1) or (1, SIZE) for the candidate cells of a landing rule (`T`).
"""
from __future__ import annotations

import time

import numpy as np

from ...errors import RulebookError
from ...lang import dsl
from ...lang.expr import CELL, DIRS, GROUP, INT, ZONE, Emitter, Symbol, Vocabulary
from ...source.options import option_symbols
from ...structs import replace
from .functions import BATCH_FUNCTIONS
from .layout import CELLS, LAST, PLY, RESULT, TO_MOVE
from .functions import FUNCTIONS
from .functions.connected import BatchChains
from .playout import placements, placing_game


class NoBatch(RulebookError):
    """A game the batch backend cannot play, and why."""


def batch_vocabulary(game) -> Vocabulary:
    """The names and functions of a grid game's expressions as numpy over the batch's arrays."""
    n, size = game.n, game.size
    own = f"(cells[:, :{size}] & 7)"
    names: dict[str, Symbol] = {
        "mine": Symbol(GROUP, f"({own} == MC + 1)"),
        "theirs": Symbol(GROUP, f"(({own} != 0) & ({own} != MC + 1))"),
        "empty": Symbol(GROUP, f"(cells[:, :{size}] == 0)"),
        "ply": Symbol(INT, "P"),
        "last": Symbol(CELL, "LAST"),
        "landing": Symbol(CELL, "T", 2),
        "players": Symbol(INT, str(n)),
    }
    for k in game.kinds:        # one kind (placing_phase): its pieces are every piece
        names[k.name] = Symbol(GROUP, f"({own} != 0)")
        names[f"mine.{k.name}"], names[f"theirs.{k.name}"] = names["mine"], names["theirs"]
    for z in game.zone_cells:
        names[z] = Symbol(ZONE, f"_seat_zone(ZB_{z}, MC)", has=f"_seat_table(ZX_{z}, MC, {{}})")
        names[f"opponent.{z}"] = Symbol(ZONE, f"_seat_zone(ZB_{z}, (MC + 1) % {n})",
                                        has=f"_seat_table(ZX_{z}, (MC + 1) % {n}, {{}})")
    for d in game.NEXT:
        names[d] = Symbol(DIRS, repr(d))
    names.update(option_symbols(game.rules.spec, game.options))
    return Vocabulary(names, dict(BATCH_FUNCTIONS), member=lambda cell, group: f"_at({group}, {cell})")


class BatchEmitter(Emitter):
    """Numpy source for checked expressions: element-wise truths (no `and`, `or`, `not` or `if`
    of Python, which would ask one truth of a whole array), nothing hoisted; a word without a
    batch form raises NoBatch naming it and the rule (`where`) that uses it."""

    def __init__(self, vocab: Vocabulary, where: str):
        super().__init__(vocab)
        self.where = where

    def emit(self, node: dsl.Node, at_level: int | None = None) -> str:
        return self._code(node)

    def _refuse(self, node, what: str):
        raise NoBatch(f"{self.where} uses {what}, which has no batch form")

    def _code(self, node) -> str:
        if isinstance(node, dsl.Name) and not getattr(node, "word", False) and node.dotted not in self.vocab.names:
            self._refuse(node, f"`{node.dotted}`")
        if isinstance(node, dsl.Call):
            if node.func not in self.vocab.functions:
                self._refuse(node, f"{node.func}()")
            code = super()._code(node)
            if code is None:
                self._refuse(node, f"{node.func}() with these arguments")
            return code
        if isinstance(node, dsl.In) and node.right.type != GROUP:
            return self.vocab.names[node.right.dotted].has.format(self._code(node.left))
        if isinstance(node, dsl.BoolOp):
            left, right = self._code(node.left), self._code(node.right)
            if left in ("True", "False"):       # a folded constant (an option)
                return right if (left == "True") == (node.op == "and") else left
            return f"np.logical_{node.op}({left}, {right})"
        if isinstance(node, dsl.Not):
            inner = self._code(node.operand)
            return {"True": "False", "False": "True"}.get(inner, f"np.logical_not({inner})")
        if isinstance(node, dsl.IfElse):
            return f"np.where({self._code(node.cond)}, {self._code(node.then)}, {self._code(node.other)})"
        if isinstance(node, dsl.BinOp) and node.op in ("/", "//", "%"):
            self._refuse(node, f"`{node.op}`")
        return super()._code(node)


def batch_source(game) -> tuple[str, list[str], list[tuple[str, str]]]:
    """The batch's functions for a game, with the names of the phases' and the pairs of zones
    that connected() asks of (their codes, for the mover MC):
    `legal_<phase>(cells, MC, P, LAST)`, the cells each game's mover may place on in that phase,
    and `ends(cells, MC, P, LAST, CH)`, after the mover MC placed on LAST (CH: the flags of the
    chain through LAST, two bits per pair): (over, winners as a bit per seat), each rule in the
    order apply tests them."""
    where = game.rules.src_file
    refused = f"{where}: no batch backend for {game.name}:"
    phases = game.rules.phases
    found = [placements(game, ph) for ph in phases] if placing_game(game) else [None]
    if None in found:
        raise NoBatch(f"{refused} it has one only for a game whose every move places a piece onto an empty "
                      "cell (or onto an opponent's piece), in a state of cells and boards only")
    if game.multi or game.neutral or game.n > 6:
        raise NoBatch(f"{refused} it has one only for one kind of piece, owned by one of at most six players")
    if any(ph.length(game.n) is None for ph in phases[:-1]):
        raise NoBatch(f"{refused} a phase before the last ends by a rule, not after a number of plies")
    vocab = batch_vocabulary(game)
    L = []
    for ph, alts in zip(phases, found):
        L += [f"def legal_{ph.name}(cells, MC, P, LAST):",
              f"    # phase {ph.name}: " + " | ".join(f"a {k.name} placed onto {'an empty cell' if onto == 'empty' else 'a piece of theirs'}"
                                               f" of zone {a.args[0].dotted}" for a, k, onto in alts),
              "    RG = np.arange(len(cells))[:, None]"]
        onto = {"empty": f"(cells[:, :{game.size}] == 0)", "theirs": vocab.names["theirs"].code}
        L.append("    mask = " + " | ".join(f"(_seat_zone(ZB_{a.args[0].dotted}, MC) & {onto[o]})" for a, _k, o in alts))
        for r in ph.rules:
            em = BatchEmitter(vocab, f"{refused} landing rule {r.name}")
            L += [f"    # landing rule {r.name}", f"    mask &= np.broadcast_to({em.emit(r.node)}, mask.shape)"]
        L += ["    return mask", "", ""]
    # connected(A, B) read from the chain of the piece just placed, kept as it grows (connected.py)
    joins: list[tuple[str, str]] = []

    def chain(a, t):
        if (a[0], a[1]) not in joins:
            joins.append((a[0], a[1]))
        return f"((CH >> {2 * joins.index((a[0], a[1]))} & 3) == 3)[:, None]"
    vocab.functions["connected"] = replace(vocab.functions.get("connected") or FUNCTIONS["connected"], emit=chain)
    L += ["def ends(cells, MC, P, LAST, CH):",
          "    RG = np.arange(len(cells))[:, None]",
          "    G = len(cells)",
          "    over = np.zeros(G, dtype=bool)",
          "    winners = np.zeros(G, dtype=np.uint8)"]
    everyone = (1 << game.n) - 1
    rules = game.rules
    for name, node, won in (("win", rules.win, "1 << MC[:, 0]"), ("lose", rules.lose, f"{everyone} ^ (1 << MC[:, 0])"),
                            ("draw", rules.draw, "0")):
        if node is None:
            continue
        em = BatchEmitter(vocab, f"{refused} end rule {name}")
        L += [f"    # end rule {name}",
              f"    hit = np.broadcast_to({em.emit(node)}, (G, 1))[:, 0] & ~over",
              f"    winners = np.where(hit, {won}, winners)",
              "    over |= hit"]
    L.append("    return over, winners")
    return "\n".join(L) + "\n", [ph.name for ph in phases], joins


class Batch:
    """G games of one compiled grid game, advanced together. `cells` (G, SIZE + 1) the scalar
    state's bytes per game, `to_move`, `ply`, `last` (G,), `over` (G,) and `winners` (G,): a bit
    per winning seat (0 and over: a draw)."""

    def __init__(self, game, games: int, seed: int = 0):
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise RulebookError(f"a batch holds one game or more, not {games!r}")
        src, phases, joins = batch_source(game)       # (refuses a game it cannot play, before anything is built)
        self.game, self.size, self.n = game, game.size, game.n
        self.blocked = game.blocked
        ns = dict(game._ns)
        ns.update(np=np, _at=_at, _occupied=_occupied, _read=_read, _seat_table=_seat_table, _seat_zone=_seat_zone)
        for z, per in game.zone_cells.items():
            table = np.zeros((game.n, game.size + 1), dtype=bool)
            for s, cells in enumerate(per):
                table[s, list(cells)] = True
            table = _one_row(table)
            ns[f"ZX_{z}"], ns[f"ZB_{z}"] = table, table[:, :game.size]
        ns["NEXT_B"] = {d: _one_row(np.array(rows, dtype=np.intp)) for d, rows in game.NEXT.items()}
        if "FRIEND" in ns:
            ns["FRIEND_B"] = np.array([list(r) for r in ns["FRIEND"]], dtype=bool)
            ns["ENEMY_B"] = np.array([list(r) for r in ns["ENEMY"]], dtype=bool)
        ns["T"] = np.arange(game.size)[None, :]
        self.source = src
        game._exec(src, "ends", ns, ("batch",))
        self._legal = [ns[f"legal_{name}"] for name in phases]
        self._ends = ns["ends"]
        # the ply each phase but the last ends at
        self.phase_ends = np.cumsum([ph.length(game.n) for ph in game.rules.phases[:-1]], dtype=np.int64)
        self.value = game.kind_values[game.kinds[0].name]
        st = game.initial_state()
        if st[RESULT] is not None:
            raise RulebookError(f"{game.name}: the game is over at the start: nothing to play")
        self.start = (np.frombuffer(st[CELLS], dtype=np.uint8), st[TO_MOVE], st[PLY], st[LAST])
        self.rng = np.random.default_rng(seed)
        self.rows = np.arange(games)
        self.cells = np.empty((games, game.size + 1), dtype=np.uint8)
        self.to_move = np.empty(games, dtype=np.intp)
        self.ply = np.empty(games, dtype=np.int64)
        self.last = np.empty(games, dtype=np.intp)
        self.over = np.empty(games, dtype=bool)
        self.winners = np.empty(games, dtype=np.uint8)
        self.chains = None
        if joins:       # connected(): each seat's cells' bits of the pairs of zones it asks of
            zone_flags = np.zeros((game.n, game.size + 1), dtype=np.int64)
            for s in range(game.n):
                for j, pair in enumerate(joins):
                    for b, code in enumerate(pair):
                        inside = np.broadcast_to(eval(code, ns, {"MC": np.array([[s]])}), (1, game.size))[0]
                        zone_flags[s, :game.size] |= inside.astype(np.int64) << (2 * j + b)
            self.chains = BatchChains(game, games, zone_flags, self.start[0])
            _parent, flags = self.chains.start
            if any(f >> 2 * j & 3 == 3 for f in flags.tolist() for j in range(len(joins))):
                raise NoBatch(f"{game.rules.src_file}: no batch backend for {game.name} from this start: "
                              "a chain already joins its zones")
        self.reset(np.ones(games, dtype=bool))

    def reset(self, which) -> None:
        """Put the games `which` (a mask) back at the start."""
        cells, me, ply, last = self.start
        self.cells[which] = cells
        self.to_move[which], self.ply[which], self.last[which] = me, ply, last
        self.over[which], self.winners[which] = False, 0
        if self.chains is not None:
            self.chains.reset(which)

    def legal(self) -> np.ndarray:
        """(G, SIZE): the cells each game's player to move may place on (none for a finished game)."""
        args = (self.cells, self.to_move[:, None], self.ply[:, None], self.last[:, None])
        mask = self._legal[-1](*args)
        if len(self._legal) > 1:     # the games in an earlier phase: their phase's cells
            mask = np.array(np.broadcast_to(mask, (len(self.cells), self.size)))
            phase = np.searchsorted(self.phase_ends, self.ply, side="right")
            for k, legal in enumerate(self._legal[:-1]):
                at = np.flatnonzero(phase == k)
                if len(at):
                    mask[at] = legal(*(a[at] for a in args))
        return mask & ~self.over[:, None]

    def step(self, cells, mask=None, moving=None) -> None:
        """Each running game's player to move places on the game's cell of `cells` (G,), which
        must be among legal()'s (`mask`, and `moving` its rows with a cell, where the caller has
        them); a game with no legal cell is blocked, as its rules say."""
        if mask is None:
            mask = self.legal()
        cells = np.asarray(cells, dtype=np.intp)
        if moving is None:
            moving = mask.any(1)
        stuck = ~self.over & ~moving
        if stuck.any():
            self._blocked(stuck)
        every = moving.all()        # (the usual case: no subset of the rows to copy)
        at = self.rows if every else np.flatnonzero(moving)
        t = cells[at]
        legal = mask[at, t]
        if not legal.all():
            bad = at[np.flatnonzero(~legal)[0]]
            raise RulebookError(f"game {bad} of the batch: cell {int(cells[bad])} is not a legal placement there")
        me = self.to_move[at]
        replaced = self.cells[at, t] != 0
        self.cells[at, t] = self.value | (me + 1)
        self.last[at] = t
        self.ply[at] += 1
        chains = 0 if self.chains is None else self.chains.join(self.cells, at, t, me, replaced)
        over, winners = self._ends(self.cells if every else self.cells[at], me[:, None], self.ply[at, None],
                                   t[:, None], chains)
        self.over[at], self.winners[at] = over, winners
        self.to_move[at] = (me + 1) % self.n

    def random_step(self) -> int:
        """Every running game plays a uniformly random legal placement; the plies played."""
        mask = self.legal()
        count = np.count_nonzero(mask, 1)
        k = (self.rng.random(len(count)) * count).astype(np.intp)
        cells = (mask.cumsum(1, dtype=np.int16) > k[:, None]).argmax(1)    # the k-th legal cell of each row
        moving = count != 0
        self.step(cells, mask, moving)
        return int(np.count_nonzero(moving))

    def run(self, plies: int | None = None, seconds: float | None = None) -> dict:
        """Random playouts, every finished game started again, until `plies` plies in all or
        `seconds` have passed: the plies played, the games finished, their results
        (how many by winners, a bit per seat) and the seconds taken."""
        played, finished, results = 0, 0, {}
        t0 = time.perf_counter()
        while True:
            played += self.random_step()
            if self.over.any():
                done = self.over.copy()
                finished += int(np.count_nonzero(done))
                for w, c in zip(*np.unique(self.winners[done], return_counts=True)):
                    results[int(w)] = results.get(int(w), 0) + int(c)
                self.reset(done)
            elapsed = time.perf_counter() - t0
            if (plies is not None and played >= plies) or (seconds is not None and elapsed >= seconds):
                return {"plies": played, "games": finished, "results": results, "seconds": elapsed}

    def _blocked(self, stuck) -> None:
        if self.blocked == "lose":
            self.over |= stuck
            everyone = (1 << self.n) - 1
            self.winners = np.where(stuck, everyone ^ (1 << self.to_move), self.winners).astype(np.uint8)
        elif self.blocked == "draw":
            self.over |= stuck
            self.winners = np.where(stuck, 0, self.winners).astype(np.uint8)
        else:       # a pass: not played by the batch (the scalar engine plays such games)
            g = int(np.flatnonzero(stuck)[0])
            raise RulebookError(f"{self.game.name}: game {g} of the batch has no placement at ply "
                                f"{int(self.ply[g])} and its rules pass: the batch backend plays no passes")


# a seat's table (a zone's cells, a direction's next cells) that is the same for every seat is kept
# as one row and read without the seats (the usual case: no gather over the games)
def _one_row(table):
    return table[:1] if (table == table[:1]).all() else table


def _seat_table(table, seats, cells):
    """table[seat, cell] for each game's seat (G, 1) and cells ((G, 1) or candidates (1, SIZE))."""
    return table[0][cells] if len(table) == 1 else table[seats, cells]


def _seat_zone(table, seats):
    """The zone's cells (G, SIZE) of each game's seat, or (SIZE,) where every seat has the same."""
    return table[0] if len(table) == 1 else table[seats[:, 0]]


def _read(cells, rows, at):
    """What each game's row of `cells` holds at `at`: (G, 1) cells of each game, or candidate cells
    (1, SIZE) the same in every game (then read as columns, no gather over the games)."""
    return cells[:, at[0]] if at.shape[0] == 1 else cells[rows, at]


def _at(group, cell):
    """`cell in group` for arrays: the group (G, SIZE) read at each game's cells (the wall: no)."""
    padded = np.concatenate([group, np.zeros((len(group), 1), dtype=bool)], 1)
    return padded[np.arange(len(group))[:, None], cell]


def _occupied(v):
    return (v != 0) & (v != 255)


def batch(game, games: int, seed: int = 0) -> Batch:
    """The batch backend of a compiled grid game: `games` games advanced together (NoBatch, a
    RulebookError naming why, for a game it cannot play)."""
    return Batch(game, games, seed)
