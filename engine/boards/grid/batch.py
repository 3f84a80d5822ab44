"""Many games at once: the batch backend of a grid game, generated from the same rules as its
scalar code, advancing G games per numpy call (random playouts by the thousand, an RL learner's
batch of environments).

For the games whose every move places a piece of one kind from an unlimited supply onto an
empty cell or onto an opponent's piece (placing.placements), maybe flipping lines from there,
in a state of cells and boards only, and whose landing, end and scoring rules use only words
with a batch form (BATCH_FUNCTIONS beside each function's scalar form in functions/, the names
of batch_vocabulary, flip's batch form in words/flip.py). Any other game is refused with the
word that has none (NoBatch).

The batch's state is the scalar state's own bytes, one row per game: `cells` (G, SIZE + 1),
the wall byte at SIZE, with the seat to move, the ply, the passes in a row, the last cell placed
and the result kept as arrays beside it. In the generated code an expression's value is an
array whose first axis is the games: a group (G, SIZE) of booleans, a number or a truth (G, 1),
a cell an array of cell indices, (G, 1), or (1, SIZE) for the candidate cells of a landing rule
(`T`).
"""
from __future__ import annotations

import time

import numpy as np

from ...errors import RulebookError
from ...lang import dsl
from ...lang.expr import BOOL, CELL, DIRS, GROUP, INT, SELECTION, ZONE, Emitter, Symbol, Vocabulary
from ...source.options import option_symbols
from ...structs import replace
from .functions import BATCH_FUNCTIONS, FUNCTIONS
from .functions.connected import BatchChains
from .layout import CELLS, LAST, PASSES, PLY, RESULT, TO_MOVE
from .playout.placing import placements, placing_game
from .words import flip


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
        "passes": Symbol(INT, "PS"),
        "last": Symbol(CELL, "LAST"),
        "landing": Symbol(CELL, "T", 2),
        "players": Symbol(INT, str(n)),
        "all_stuck": Symbol(BOOL, "STUCK"),
    }
    for k in game.kinds:        # one kind (batch_source): its pieces are every piece
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
        if isinstance(node, dsl.Compare) and node.op in ("==", "!=", ">") and isinstance(node.right, dsl.Num) \
                and node.right.value == 0 and isinstance(node.left, dsl.Call) and node.left.func == "count" \
                and tuple(node.left.arg_types[:1]) in ((GROUP,), (SELECTION,)):
            # a count of a group against 0 asks whether any game's group has a piece: no need to
            # count them
            arg, lv = node.left.args[0], node.level
            group = f"{self._sub(arg.left, lv)} & {self._sub(arg.right, lv)}" if arg.type == SELECTION else self._sub(arg, lv)
            return f"np.logical_not(({group}).any(1))[:, None]" if node.op == "==" else f"({group}).any(1)[:, None]"
        return super()._code(node)


ARGS = "cells, MC, P, PS, LAST"         # what every generated function reads


def batch_source(game) -> tuple[str, list, list[tuple[str, str]], bool]:
    """The batch's functions for a game, with each phase's (name, flips: the direction sets of
    its flip, or ()) and the pairs of zones that connected() asks of (their codes, for the
    mover MC):
    `legal_<phase>(ARGS, STATS)`, the cells each game's mover may place on in that phase (with
    STATS a dict: each landing rule's refusals per game put there); `ends(ARGS,
    CH, STUCK)`, after the mover MC placed on LAST or passed (CH: the flags of the chain through
    LAST, two bits per pair; STUCK: no seat can place): (over, winners as a bit per seat), each
    rule in the order apply tests them; where the rules score, `parts(ARGS)` (games, seats,
    parts) and `tops(ARGS)`, the top scorers' bits (0 where every seat ties). And whether an end
    rule reads STUCK."""
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
    L, shape = [], []
    for ph, alts in zip(phases, found):
        flips = []
        for a, _k, _onto, after in alts:
            for x in after:
                if x.name != "flip" or len(alts) != 1 or flip.batch_shifts(game, x.args[0].dotted) is None:
                    raise NoBatch(f"{refused} phase {ph.name} acts after its placement ({x.name}), which has no "
                                  "batch form there (one flip on a board of at most 64 cells whose directions "
                                  "are translations)")
                flips.append(x.args[0].dotted)
        shape.append((ph.name, tuple(flips)))
        L += [f"def legal_{ph.name}({ARGS}, STATS=None):",
              f"    # phase {ph.name}: " + " | ".join(
                  f"a {k.name} placed onto {'an empty cell' if onto == 'empty' else 'a piece of theirs'} of "
                  f"zone {a.args[0].dotted}" + "".join(f", then {x.name}({x.args[0].dotted})" for x in after)
                  for a, k, onto, after in alts),
              "    RG = np.arange(len(cells))[:, None]"]
        onto = {"empty": f"(cells[:, :{game.size}] == 0)", "theirs": vocab.names["theirs"].code}
        every = set(range(game.size))

        def within(zone, o):        # (a zone of every cell, for every seat, asks nothing)
            whole = all(set(cells) == every for cells in game.zone_cells[zone])
            return onto[o] if whole else f"(_seat_zone(ZB_{zone}, MC) & {onto[o]})"
        L.append("    mask = " + " | ".join(within(a.args[0].dotted, o) for a, _k, o, _x in alts))
        for r in ph.rules:
            em = BatchEmitter(vocab, f"{refused} landing rule {r.name}")
            L += [f"    # landing rule {r.name}",
                  f"    allowed = np.broadcast_to({em.emit(r.node)}, mask.shape)",
                  "    if STATS is not None:      # the cells it refuses, per game (analyze)",
                  f"        STATS[{r.name!r}] = np.count_nonzero(mask & ~allowed, 1)",
                  "    mask = mask & allowed"]
        for d in flips:
            L += [f"    # flip({d}): some line of theirs is closed off", f"    mask = mask & _outflanking(cells, MC, FLIP[{d!r}])"]
        L += ["    return mask", "", ""]
    # connected(A, B) read from the chain of the piece just placed, kept as it grows (connected.py)
    joins: list[tuple[str, str]] = []

    def chain(a, t):
        if (a[0], a[1]) not in joins:
            joins.append((a[0], a[1]))
        return f"((CH >> {2 * joins.index((a[0], a[1]))} & 3) == 3)[:, None]"
    vocab.functions["connected"] = replace(FUNCTIONS["connected"], emit=chain)
    rules = game.rules
    if rules.scoring:
        parts = [BatchEmitter(vocab, f"{refused} scoring part {name}").emit(node) for name, node in rules.scoring]
        L += [f"def parts({ARGS}):",
              "    # each seat's points by scoring part: (games, seats, parts)",
              "    RG = np.arange(len(cells))[:, None]",
              "    G = len(cells)",
              "    out = []",
              f"    for seat in range({game.n}):",
              "        MC = np.full((G, 1), seat)",
              "        out.append(np.stack([" + ", ".join(f"np.broadcast_to({p}, (G, 1))[:, 0]" for p in parts) + "], 1))",
              "    return np.stack(out, 1)", "", "",
              f"def tops({ARGS}):",
              "    # the seats with the most points, where not every seat has as many",
              f"    totals = parts({ARGS}).sum(2)",
              "    best = totals == totals.max(1)[:, None]",
              f"    bits = (best * (1 << np.arange({game.n}))).sum(1)",
              "    return np.where(best.all(1), 0, bits).astype(np.uint8)", "", ""]
    stuck = False
    L += [f"def ends({ARGS}, CH, STUCK):",
          "    RG = np.arange(len(cells))[:, None]",
          "    G = len(cells)",
          "    over = np.zeros(G, dtype=bool)",
          "    winners = np.zeros(G, dtype=np.uint8)"]
    everyone = (1 << game.n) - 1
    for name, node, won in (("win", rules.win, "1 << MC[:, 0]"), ("lose", rules.lose, f"{everyone} ^ (1 << MC[:, 0])"),
                            ("draw", rules.draw, "0"), ("over", rules.over, f"tops({ARGS})")):
        if node is None:
            continue
        if name == "over" and not rules.scoring:
            raise NoBatch(f"{refused} its `over` rule ends the game with no scoring to decide it")
        test = BatchEmitter(vocab, f"{refused} end rule {name}").emit(node)
        stuck = stuck or "STUCK" in test
        L += [f"    # end rule {name}",
              f"    hit = np.broadcast_to({test}, (G, 1))[:, 0] & ~over",
              "    if hit.any():",
              f"        winners = np.where(hit, {won}, winners)",
              "        over |= hit"]
    L.append("    return over, winners")
    return "\n".join(L) + "\n", shape, joins, stuck


class Batch:
    """G games of one compiled grid game, advanced together. `cells` (G, SIZE + 1) the scalar
    state's bytes per game, `to_move`, `ply`, `passes`, `last` (G,), `over` (G,) and `winners`
    (G,): a bit per winning seat (0 and over: a draw)."""

    def __init__(self, game, games: int, seed: int = 0):
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise RulebookError(f"a batch holds one game or more, not {games!r}")
        src, phases, joins, self._stuck = batch_source(game)       # (refuses a game it cannot play, before anything is built)
        self.game, self.size, self.n = game, game.size, game.n
        self.blocked = game.blocked
        ns = dict(game._ns)
        ns.update(np=np, _at=_at, _occupied=_occupied, _read=_read, _seat_table=_seat_table, _seat_zone=_seat_zone,
                  _outflanking=_outflanking)
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
        ns["FLIP"] = {d: flip.batch_shifts(game, d) for _name, flips in phases for d in flips}
        ns["T"] = np.arange(game.size)[None, :]
        self.source = src
        game._exec(src, "ends", ns, ("batch",))
        self._legal = [ns[f"legal_{name}"] for name, _flips in phases]
        self._flips = [[ns["FLIP"][d] for d in flips] for _name, flips in phases]
        self._ends = ns["ends"]
        # the ply each phase but the last ends at
        self.phase_ends = np.cumsum([ph.length(game.n) for ph in game.rules.phases[:-1]], dtype=np.int64)
        self.value = game.kind_values[game.kinds[0].name]
        st = game.initial_state()
        if st[RESULT] is not None:
            raise RulebookError(f"{game.name}: the game is over at the start: nothing to play")
        self.start = (np.frombuffer(st[CELLS], dtype=np.uint8), st[TO_MOVE], st[PLY], st[PASSES], st[LAST])
        self.rng = np.random.default_rng(seed)
        self.rows = np.arange(games)
        self.cells = np.empty((games, game.size + 1), dtype=np.uint8)
        self.to_move = np.empty(games, dtype=np.intp)
        self.ply = np.empty(games, dtype=np.int64)
        self.passes = np.empty(games, dtype=np.int64)
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
            if self.chains.joined(self.chains.start[1][None, :], len(joins)).any():
                raise NoBatch(f"{game.rules.src_file}: no batch backend for {game.name} from this start: "
                              "a chain already joins its zones")
        self.pairs = len(joins)
        self.counting: dict[str, int] | None = None     # the landing rules' refusals, while analyze counts them
        start_stats: dict = {}
        one = self._mask_of(*(np.array([[v]]) if i else np.array([v]) for i, v in enumerate(self.start)),
                            stats=start_stats)
        self._start_mask = one[0]
        self._start_stats = {name: int(v[0]) for name, v in start_stats.items()}
        self.rule_names = [r.name for ph in game.rules.phases for r in ph.rules]
        self.part_names = [name for name, _node in game.rules.scoring]
        self._parts = ns.get("parts")
        self._next = np.empty((games, game.size), dtype=bool)   # the legal cells of the player to move
        self.reset(np.ones(games, dtype=bool))

    def reset(self, which) -> None:
        """Put the games `which` (a mask) back at the start."""
        cells, me, ply, passes, last = self.start
        which = np.flatnonzero(which)       # (indices, once: cheaper than a mask for each array)
        self.cells[which] = cells
        self.to_move[which], self.ply[which], self.passes[which], self.last[which] = me, ply, passes, last
        self.over[which], self.winners[which] = False, 0
        self._next[which] = self._start_mask
        if self.chains is not None:
            self.chains.reset(which)

    def _mask_of(self, cells, seats, ply, passes, last, stats=None):
        """The legal cells of the games of `cells` for `seats` (G, 1) to move, each in the phase
        of its ply; with `stats` (a dict), each landing rule's refusals per game put there."""
        args = (cells, seats, ply, passes, last)
        found = None if stats is None else {}
        mask = self._legal[-1](*args, found)
        if mask.shape != (len(cells), self.size) or len(self._legal) > 1:
            mask = np.array(np.broadcast_to(mask, (len(cells), self.size)))
        if len(self._legal) > 1:     # the games in an earlier phase: their phase's cells
            phase = np.searchsorted(self.phase_ends, ply[:, 0], side="right")
            last_phase = phase == len(self._legal) - 1
            for name, per_game in (found or {}).items():
                stats[name] = stats.get(name, 0) + np.where(last_phase, per_game, 0)
            for k, legal in enumerate(self._legal[:-1]):
                at = np.flatnonzero(phase == k)
                if len(at):
                    here = None if stats is None else {}
                    mask[at] = legal(*(a[at] for a in args), here)
                    for name, per_game in (here or {}).items():
                        stats[name] = stats.get(name, 0) + np.bincount(at, per_game, len(cells)).astype(np.int64)
        elif found:
            for name, per_game in found.items():
                stats[name] = stats.get(name, 0) + per_game
        return mask

    def legal(self) -> np.ndarray:
        """(G, SIZE): the cells each game's player to move may place on (none for a finished game)."""
        return self._next & ~self.over[:, None]

    def step(self, cells) -> None:
        """Each running game's player to move places on the game's cell of `cells` (G,), which
        must be among legal()'s; a game with no legal cell passes (its rules say a blocked player
        passes: a game whose blocked player loses or draws is over already)."""
        mask = self.legal()
        cells = np.asarray(cells, dtype=np.intp)
        moving = mask.any(1)
        at = np.flatnonzero(moving)
        legal = mask[at, cells[at]]
        if not legal.all():
            bad = at[np.flatnonzero(~legal)[0]]
            raise RulebookError(f"game {bad} of the batch: cell {int(cells[bad])} is not a legal placement there")
        self._play(cells, moving)

    def _play(self, cells, moving) -> None:
        """step() once its cells are known to be legal: `moving` (G,), the games with a placement."""
        passing = ~self.over & ~moving
        at = self.rows if moving.all() else np.flatnonzero(moving)   # (the usual case: no subset of the rows)
        t = cells[at]
        me = self.to_move[at]
        phase = np.searchsorted(self.phase_ends, self.ply[at], side="right") if len(self._legal) > 1 else None
        replaced = self.cells[at, t] != 0
        self.cells[at, t] = self.value | (me + 1)
        for k, shifts in enumerate(self._flips):        # flip(D): the lines closed off turn
            for dirs in shifts:
                rows = at if phase is None else at[phase == k]
                if len(rows):
                    self._flip(rows, t if phase is None else t[phase == k], dirs)
        self.last[at] = t
        self.passes[at] = 0
        flags = np.zeros(len(self.cells), dtype=np.int64)       # connected(): the chain through the piece placed
        if self.chains is not None:
            flags[at] = self.chains.join(self.cells, at, t, me, replaced)
        if passing.any():
            if self.blocked != "pass":
                raise RulebookError(f"{self.game.name}: a game of the batch has no placement and is not over")
            p = np.flatnonzero(passing)
            self.passes[p] += 1
            if self.chains is not None:      # the passer's chains, as they stand
                flags[p] = self.chains.whole(self.cells, p, self.to_move[p], self.pairs)
            at = np.flatnonzero(moving | passing)
        self._after(at, flags if at is self.rows else flags[at])

    def _after(self, at, chains) -> None:
        """The games `at` have moved (placed or passed): the ply counted, the next seat's legal
        cells found, the end rules tested, then a blocked player's loss or draw."""
        me = self.to_move[at]
        self.ply[at] += 1
        nxt = (me + 1) % self.n
        self.to_move[at] = nxt
        sub = (self.cells if at is self.rows else self.cells[at], nxt[:, None], self.ply[at, None],
               self.passes[at, None], self.last[at, None])
        stats = None if self.counting is None else {}
        mask = self._mask_of(*sub, stats=stats)
        if at is self.rows:     # every game moved: the new cells are the next ones, no copy
            self._next = mask
        else:
            self._next[at] = mask
        stuck = np.zeros((len(at), 1), dtype=bool)
        if self._stuck:     # all_stuck: the next seat cannot place, nor can any other
            stuck[:, 0] = ~mask.any(1)
            for d in range(1, self.n):
                ask = np.flatnonzero(stuck[:, 0])
                if not len(ask):
                    break
                seats = (nxt[ask] + d) % self.n
                stuck[ask, 0] = ~self._mask_of(sub[0][ask], seats[:, None], *(a[ask] for a in sub[2:])).any(1)
        over, winners = self._ends(sub[0], me[:, None], *sub[2:], chains, stuck)
        if self.blocked in ("lose", "draw"):        # a player left with no placement, when the rules end there
            blocked = ~over & ~mask.any(1)
            everyone = (1 << self.n) - 1
            winners = np.where(blocked, (everyone ^ (1 << nxt)) if self.blocked == "lose" else 0, winners)
            over |= blocked
        self.over[at], self.winners[at] = over, winners.astype(np.uint8)
        for name, per_game in (stats or {}).items():     # the positions still played: their refusals
            self.counting[name] += int(per_game[~over].sum())

    def _flip(self, rows, placed, shifts) -> None:
        """flip(D) from the pieces just placed on `placed` in the games `rows`."""
        cells = self.cells[rows]
        mine, theirs = _boards(cells, self.to_move[rows], self.size)
        turned = flip.batch_flips(mine, theirs, np.uint64(1) << placed.astype(np.uint64), shifts)
        bits = _unpack(turned, self.size)
        cells[:, :self.size] = np.where(bits, (cells[:, :self.size] & 248) | (self.to_move[rows] + 1)[:, None].astype(np.uint8),
                                        cells[:, :self.size])
        self.cells[rows] = cells

    def random_step(self) -> int:
        """Every running game plays a uniformly random legal placement (or passes); the plies
        played."""
        running = int(np.count_nonzero(~self.over))
        cells, counts = self._draw(self.legal())
        self._play(cells, counts > 0)
        return running

    def _draw(self, mask):
        """A uniformly random legal cell of each row of `mask` (0 where it has none), and each
        row's count of legal cells."""
        # every row's legal cells at once, in row order (flat indices: row * SIZE + cell)
        legal = np.flatnonzero(mask)
        counts = np.bincount(legal // self.size, minlength=len(mask))
        k = (self.rng.random(len(mask)) * counts).astype(np.intp)
        if not len(legal):
            return np.zeros(len(mask), dtype=np.intp), counts
        # the k-th legal cell of each row: its place among them all
        at = np.minimum(np.cumsum(counts) - counts + k, len(legal) - 1)
        return np.where(counts > 0, legal[at] - self.rows * self.size, 0), counts

    def games(self, count: int, max_plies: int | None = None) -> dict:
        """Play `count` random games from the start, the batch's rows taking the next game as
        each ends (or reaches `max_plies`): per game (arrays of `count`) the plies, whether it
        ended, the winners' bits, and where the rules score, the points by seat and part
        (count, seats, parts); over all games, the branching of the positions played (how many
        had so many moves: a pass is one) and each landing rule's refusals."""
        plies = np.zeros(count, dtype=np.int64)
        ended = np.zeros(count, dtype=bool)
        winners = np.zeros(count, dtype=np.uint8)
        points = np.zeros((count, self.n, len(self.part_names)), dtype=np.int64) if self._parts else None
        branching = np.zeros(self.size + 2, dtype=np.int64)
        self.counting = dict.fromkeys(self.rule_names, 0)
        rows = len(self.cells)
        self.reset(np.ones(rows, dtype=bool))
        ids = np.arange(rows)
        live = ids < count
        self.over[~live] = True
        started = int(live.sum())
        for name, v in self._start_stats.items():
            self.counting[name] += v * started
        done = 0
        try:
            while done < count:
                cells, counts = self._draw(self.legal())
                branching += np.bincount(np.maximum(counts[~self.over], 1), minlength=self.size + 2)
                self._play(cells, counts > 0)
                finished = live & self.over
                if max_plies is not None:       # a game cut at max_plies ends unfinished
                    finished |= live & (self.ply >= max_plies)
                if not finished.any():
                    continue
                at = np.flatnonzero(finished)
                g = ids[at]
                plies[g], ended[g], winners[g] = self.ply[at], self.over[at], np.where(self.over[at], self.winners[at], 0)
                if points is not None:
                    sub = (self.cells[at], self.to_move[at, None], self.ply[at, None], self.passes[at, None],
                           self.last[at, None])
                    points[g] = self._parts(*sub)
                done += len(at)
                again = at[:max(0, min(len(at), count - started))]
                rest = at[len(again):]
                if len(again):
                    self.reset(np.isin(self.rows, again))
                    ids[again] = np.arange(started, started + len(again))
                    for name, v in self._start_stats.items():
                        self.counting[name] += v * len(again)
                    started += len(again)
                live[rest] = False
                self.over[rest] = True
            stats = dict(self.counting)
        finally:
            self.counting = None
        return {"plies": plies, "over": ended, "winners": winners, "points": points,
                "branching": {int(b): int(c) for b, c in enumerate(branching) if c},
                "rule_stats": stats}

    def run(self, plies: int | None = None, seconds: float | None = None) -> dict:
        """Random playouts, every finished game started again, until `plies` plies in all or
        `seconds` have passed: the plies played, the games finished, their results (how many by
        winners, a bit per seat) and the seconds taken."""
        played, finished, results = 0, 0, {}
        t0 = time.perf_counter()
        while True:
            played += self.random_step()
            if self.over.any():
                done = self.over.copy()
                finished += int(np.count_nonzero(done))
                for w, c in enumerate(np.bincount(self.winners[done])):
                    if c:
                        results[w] = results.get(w, 0) + int(c)
                self.reset(done)
            elapsed = time.perf_counter() - t0
            if (plies is not None and played >= plies) or (seconds is not None and elapsed >= seconds):
                return {"plies": played, "games": finished, "results": results, "seconds": elapsed}


def _boards(cells, seats, size: int):
    """Each game's pieces of the seat `seats` and of the others, as 64-bit boards (size <= 64)."""
    own = cells[:, :size] & 7
    mine = own == (seats + 1)[:, None]
    return _pack(mine), _pack((own != 0) & ~mine)


def _pack(bits):
    packed = np.packbits(bits, axis=1, bitorder="little")
    if packed.shape[1] != 8:
        packed = np.pad(packed, ((0, 0), (0, 8 - packed.shape[1])))
    return packed.view("<u8")[:, 0]


def _unpack(board, size: int):
    return np.unpackbits(board.astype("<u8")[:, None].view(np.uint8), axis=1, bitorder="little")[:, :size].astype(bool)


def _outflanking(cells, seats, shifts):
    """(G, SIZE): the empty cells from which flip(D) turns something for each game's seat."""
    size = cells.shape[1] - 1
    mine, theirs = _boards(cells, seats[:, 0], size)
    empty = _pack(cells[:, :size] == 0)
    return _unpack(flip.batch_outflanking(mine, theirs, empty, shifts), size)


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
