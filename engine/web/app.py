"""The web page's server: a Starlette app over the Game API.

Only the game files named at start are served, each by its file stem (`/?game=<stem>`). A
session is one game on screen (its id in every request), so tabs and games stay apart. Every
request that is refused (an unknown game, option or session, an illegal move, a malformed
record, a request that is not JSON) gets a 4xx with a message and changes nothing. AI moves
are thought in a pool of their own (AIPool: at most AI_WORKERS at once, each within MAX_SECONDS,
halted when their session goes), and pictures are drawn in other worker threads, so page views
and new games never wait on an AI; chance moves (draws from a bag) are made by the server for
the page. A finished game's record is written to the records folder when one is given.

Only this machine's pages may use the API (guard): a request whose Host is a name other than
the server's own (DNS rebinding) or whose Origin is another site gets 403, and a POST must be
JSON (a cross-site form or `text/plain` fetch cannot be).
"""
from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import queue
import random
import re
import secrets
import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from ..api import CHANCE, IllegalMove
from ..errors import RulebookError
from ..printable import printable
from ..players.specs import KINDS, kind_forms

PLAYER_KINDS = tuple(KINDS)     # the page offers every kind of the registry (players/specs.py)

STATIC = Path(__file__).resolve().parent / "static"
FILES = {"app.js": "text/javascript", "style.css": "text/css"}      # the only static files served
MAX_SESSIONS = 500              # games kept in memory; the oldest are forgotten first
MAX_GAMES = 64                  # compiled games kept (a file with one set of options and seats)
MAX_PICTURES = 256              # pictures of positions kept
MAX_OFFERED = 32                # lists of a position's legal moves kept (one may hold tens of thousands)
MAX_BODY = 4_000_000            # bytes of a request (a record to replay fits)
MAX_ITERATIONS = 200_000        # an AI seat's search budget on a shared server: iterations ...
MAX_NODES = 2_000_000           # ... alphabeta positions ...
MAX_SECONDS = 30.0              # ... or seconds a move (every searching seat gets this cap)
MAX_PLAYOUT = 10_000            # plies of one mcts playout (one iteration, which no clock cuts)
MAX_PLAYOUTS = 100              # random playouts of one alphabeta leaf
AI_WORKERS = 2                  # AI moves thought at once (the others wait their turn)
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
ID_RE = re.compile(r"^[0-9a-f]{16}$")


def _bounded(player) -> bool:
    """A search a shared server may run: within its budgets, and an alphabeta search bounded by
    nodes or seconds (a depth alone may take hours)."""
    seconds = getattr(player, "seconds", None)
    nodes = getattr(player, "node_budget", None)
    if hasattr(player, "node_budget") and nodes is None and seconds is None:
        return False
    return ((getattr(player, "iterations", None) or 0) <= MAX_ITERATIONS and (seconds or 0) <= MAX_SECONDS
            and (nodes or 0) <= MAX_NODES and getattr(player, "max_playout", 0) <= MAX_PLAYOUT
            and getattr(player, "playouts", 0) <= MAX_PLAYOUTS)


def _capped(player):
    """A searching player with a clock: MAX_SECONDS a move at most, whatever else bounds it."""
    if hasattr(player, "seconds"):
        player.seconds = min(player.seconds or MAX_SECONDS, MAX_SECONDS)
    return player


class Refused(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


class Halted(Exception):
    """An AI move that was halted before it began (its session went)."""


class AIFailure(Exception):
    """An AI move that failed in its worker: the worker's `Type: message`."""


AI_NICE = 10                    # AI workers run at a lower priority than the page views
KEPT_PLAYERS = 8                # players a worker keeps for their next move (a search tree may be large)


def _ai_worker(jobs, answers) -> None:
    """An AI worker process: thinks one move at a time and answers (kind, job id, move or text).

    A thread of its own listens for jobs and halts (so a halt reaches a search under way); the
    last KEPT_PLAYERS players are kept per (session, seat), so a search tree is reused from move to
    move. Ctrl-C is the server's to handle; a worker whose server is gone (its pipe closed) ends."""
    import os
    import signal
    from collections import OrderedDict

    from ..players import make_player
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(AI_NICE)
    todo: queue.SimpleQueue = queue.SimpleQueue()
    halts: dict[int, threading.Event] = {}

    def listen():
        while True:
            try:
                msg = jobs.recv()
            except (EOFError, OSError):
                os._exit(0)
            if msg[0] == "halt":            # a job's halt comes after the job (one pipe, in order)
                halt = halts.get(msg[1])
                if halt is not None:
                    halt.set()
            else:
                halts[msg[1]] = threading.Event()
                todo.put(msg)

    threading.Thread(target=listen, daemon=True).start()
    games: dict = {}
    players: OrderedDict = OrderedDict()
    while True:
        _, jid, key, recipe, spec, seed, state = todo.get()
        halt = halts[jid]
        player = None
        try:
            if halt.is_set():
                answer = ("halted", jid, None)
            else:
                game = games.get(recipe) or games.setdefault(recipe, recipe())
                player = players.get(key)
                if player is None or player.name != spec:
                    player = players[key] = _capped(make_player(spec, game, seed))
                players.move_to_end(key)
                while len(players) > KEPT_PLAYERS:
                    players.popitem(last=False)
                player.halt = halt
                answer = ("move", jid, player.choose(state))
        except Exception as e:          # a player's failure is shown by its session
            answer = ("error", jid, f"{type(e).__name__}: {e}")
        finally:
            if player is not None:
                player.halt = None
            halts.pop(jid, None)
        answers.send(answer)


class Job:
    """One AI move: what to think about, and the asyncio future of its answer."""

    def __init__(self, number: int, key, recipe, spec: str, seed: int, state):
        self.number, self.message = number, ("job", number, key, recipe, spec, seed, state)
        self.loop = asyncio.get_running_loop()
        self.future = self.loop.create_future()

    def settle(self, move=None, error: Exception | None = None) -> None:
        def done(f=self.future):
            if not f.done():
                f.set_exception(error) if error is not None else f.set_result(move)
        with contextlib.suppress(RuntimeError):     # the loop closed: nobody waits any more
            self.loop.call_soon_threadsafe(done)


class _Worker:
    """One worker process of the pool, and the thread that reads its answers."""

    def __init__(self, pool: "AIPool"):
        import multiprocessing
        ctx = multiprocessing.get_context("spawn")  # never a fork of a server with threads
        recv_jobs, self.jobs = ctx.Pipe(duplex=False)
        self.answers, send_answers = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(target=_ai_worker, args=(recv_jobs, send_answers), daemon=True,
                                name="rulebook-ai")
        self.proc.start()
        recv_jobs.close()
        send_answers.close()
        self.pool, self.job = pool, None
        threading.Thread(target=self._read, daemon=True, name="rulebook-ai-answers").start()

    def _read(self) -> None:
        while True:
            try:
                kind, number, value = self.answers.recv()
            except (EOFError, OSError):
                self.pool._lost(self)
                return
            self.pool._answered(self, kind, value)


class AIPool:
    """The AI moves' own processes: at most `workers` moves are thought at once (the others wait
    in line), each within its clock, at a lower priority than the page; a halted move stops at
    once. The server process itself never thinks, so page views never wait on an AI."""

    def __init__(self, workers: int = AI_WORKERS):
        self.size, self.workers, self.line = workers, [], []
        self.lock = threading.Lock()
        self.numbers = iter(range(1, 1 << 62))
        self.closed = False

    def submit(self, key, recipe, spec: str, seed: int, state) -> Job:
        with self.lock:
            if self.closed:
                raise Refused(503, "the server is stopping")
            job = Job(next(self.numbers), key, recipe, spec, seed, state)
            while len(self.workers) < self.size:
                self.workers.append(_Worker(self))
            self.line.append(job)
            self._dispatch()
        return job

    def halt(self, job: Job) -> None:
        with self.lock:
            if job in self.line:
                self.line.remove(job)
                job.settle(error=Halted())
                return
            for w in self.workers:
                if w.job is job:
                    with contextlib.suppress(OSError):
                        w.jobs.send(("halt", job.number))

    def running(self) -> int:
        """The moves being thought now."""
        with self.lock:
            return sum(w.job is not None for w in self.workers)

    def close(self) -> None:
        with self.lock:
            self.closed = True
            for job in self.line:
                job.settle(error=Halted())
            self.line.clear()
            workers, self.workers = self.workers, []
        for w in workers:
            w.proc.kill()
            w.proc.join(1)

    def _dispatch(self) -> None:      # with the lock held
        for w in self.workers:
            if w.job is None and self.line:
                w.job = self.line.pop(0)
                try:
                    w.jobs.send(w.job.message)
                except OSError:         # it died: its reader replaces it
                    pass

    def _answered(self, w: _Worker, kind: str, value) -> None:
        with self.lock:
            job, w.job = w.job, None
            self._dispatch()
        if job is not None:
            job.settle(value) if kind == "move" else job.settle(
                error=Halted() if kind == "halted" else AIFailure(value))

    def _lost(self, w: _Worker) -> None:
        with self.lock:
            job, w.job = w.job, None
            if w in self.workers:
                self.workers.remove(w)
                if not self.closed:
                    self.workers.append(_Worker(self))
                    self._dispatch()
        if job is not None:
            job.settle(error=AIFailure("the AI's worker process ended"))


@dataclass
class Entry:
    """A game file the server may play."""
    stem: str
    path: str
    name: str
    info: Any                # the Game's GameInfo (rulebook/api.py)
    options: dict            # name -> {default, choices, min, max, about}: the page's form of info.options
    seats: dict              # {min, max, default, counts, names}
    look: Any = None
    prose: str = ""


@dataclass
class Session:
    id: str
    entry: Entry
    game: Any
    specs: list[str]
    players: list            # Player or None (human) per seat
    seed: int
    states: list = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    replay: bool = False
    thinking: bool = False
    generation: int = 0      # bumped by undo: a late AI answer for an older position is dropped
    error: str | None = None
    saved: bool = False
    touched: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)
    recipe: Any = None           # the GameFactory of `game`: what an AI worker loads
    job: Job | None = None       # the AI move thought or waited for now
    gone: bool = False           # forgotten by the server (or the server stops): no AI plays on
    rng: random.Random = field(default_factory=random.Random)
    shown: tuple = (None, None)  # the last view sent (its JSON) and what it was of
    position: dict | None = None    # the position the game started from (the position form), else the start

    @property
    def state(self):
        return self.states[-1]


def _option_specs(game) -> dict:
    """The page's form of the options: name -> {default, choices, min, max, about}, the unsaid left out."""
    return {o.name: {k: v for k, v in (("default", o.default), ("choices", list(o.choices) if o.choices else None),
                                       ("min", o.min), ("max", o.max), ("about", o.about or None)) if v is not None}
            for o in game.info.options}


def _seat_specs(game) -> dict:
    """The seats: their counts, every seat's name, and who sits for each count (the file's
    `seating`, else the first seats: a count's seat may not be the file's seat of that place)."""
    seats = game.info.seats
    names = list(seats.names) if seats.min != seats.max else list(game.players)
    seating = (game.info.sections or {}).get("seating") or {}
    by_count = {}
    for n in seats.counts:
        who = seating.get(str(n), seating.get(n)) if isinstance(seating, dict) else None
        ok = isinstance(who, list) and len(who) == n and all(isinstance(w, str) for w in who)
        by_count[str(n)] = list(who) if ok else names[:n]
    return {"min": seats.min, "max": seats.max, "default": seats.default, "counts": list(seats.counts),
            "names": names, "by_count": by_count}


def load_entries(paths) -> dict[str, Entry]:
    """Each game file, checked now (a bad one stops the server before it starts)."""
    from ..look.prose import rules_prose
    from ..look.style import look_for
    from ..pipeline import load_game
    entries: dict[str, Entry] = {}
    for p in paths:
        path = Path(p)
        stem = path.stem
        if stem in entries:
            raise RulebookError(f"{p}: a second game file named '{stem}' ({entries[stem].path}): stems must differ")
        game = load_game(str(path))
        entries[stem] = Entry(stem, str(path), game.name, game.info, _option_specs(game), _seat_specs(game),
                              look_for(game), rules_prose(game))
    if not entries:
        raise RulebookError("serve: name at least one game file")
    return entries


def markdown_html(md: str) -> str:
    """The prose's Markdown as HTML (CommonMark and tables, by markdown-it), raw HTML in it
    escaped, every heading one level down (the page's own title is the h1)."""
    from markdown_it import MarkdownIt
    md_it = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md_it.parse(md)
    for t in tokens:
        if t.type in ("heading_open", "heading_close"):
            t.tag = f"h{min(int(t.tag[1]) + 1, 6)}"
    return md_it.renderer.render(tokens, md_it.options, {})


class Server:
    def __init__(self, entries: dict[str, Entry], records_dir: str | None = None):
        self.entries = entries
        self.records = Path(records_dir) if records_dir else None
        self.sessions: dict[str, Session] = {}
        self.guard = threading.Lock()
        self.pool = AIPool()
        self.games: OrderedDict = OrderedDict()       # recipe -> Game, shared by the sessions
        self.pictures: OrderedDict = OrderedDict()    # (game, state, look, last, controls) -> SVG
        self.offered: OrderedDict = OrderedDict()     # (game, state) -> the legal moves as the page gets them
        self.skipped: list[str] = []                  # the unfinished records that could not be resumed, and why
        self.resumed: list[Session] = []
        if self.records is not None and self.records.is_dir():
            self._resume()

    def close(self) -> None:
        """Halt every AI move and end the AI workers (the server stops)."""
        for s in list(self.sessions.values()):
            s.gone = True
        self.pool.close()

    def _halt(self, s: Session) -> None:
        job = s.job
        if job is not None:
            self.pool.halt(job)

    # ---------------------------------------------------------------- sessions
    def entry(self, stem: Any) -> Entry:
        if not isinstance(stem, str) or stem not in self.entries:
            raise Refused(404, f"unknown game {stem!r}: this server plays {', '.join(sorted(self.entries))}")
        return self.entries[stem]

    def session(self, gid: str) -> Session:
        s = self.sessions.get(gid) if ID_RE.match(gid or "") else None
        if s is None:
            raise Refused(404, f"no game {gid!r} on this server (it may have ended long ago): start a new one")
        s.touched = time.monotonic()
        return s

    def _keep(self, s: Session) -> None:
        with self.guard:
            if len(self.sessions) >= MAX_SESSIONS:
                oldest = min(self.sessions.values(), key=lambda x: x.touched)
                del self.sessions[oldest.id]
                oldest.gone = True
                self._halt(oldest)          # no AI thinks on for a forgotten game
                self._forget_file(oldest)
            self.sessions[s.id] = s

    def _game(self, entry: Entry, options: Any, seats: Any):
        """The game of these options and seats, and its recipe (GameFactory) for the AI workers."""
        from ..pipeline import GameFactory, load_game
        if options is None:
            options = {}
        if not isinstance(options, dict) or len(options) > 100:
            raise Refused(400, "'options' must be an object NAME: VALUE")
        for k in options:
            if k not in entry.options:
                known = ", ".join(entry.options) or "none"
                raise Refused(400, f"unknown option {k!r} of {entry.name} (its options: {known})")
        if seats is not None and (not isinstance(seats, int) or isinstance(seats, bool)
                                  or seats not in entry.seats["counts"]):
            raise Refused(400, f"seats: {entry.name} is played by {entry.info.seats.span()} players")
        try:
            texts = {str(k): str(v) for k, v in options.items()}
            seats = seats if entry.seats["min"] != entry.seats["max"] else None
            recipe = GameFactory(entry.path, tuple(sorted(texts.items())), seats)
            with self.guard:
                game = self.games.get(recipe)
            if game is None:
                game = load_game(entry.path, texts, seats)
                with self.guard:
                    self.games[recipe] = game
                    while len(self.games) > MAX_GAMES:
                        self.games.popitem(last=False)
            return game, recipe
        except RulebookError as e:
            raise Refused(400, str(e)) from None

    @staticmethod
    def _start(game, position: Any):
        """The state a game starts from: a position (the position form, docs/positions.md) or,
        without one, the game's start; a 400 for one that is not a position of this game."""
        if position is None:
            return game.initial_state()
        from ..play.positions import check_form, position_state
        try:
            check_form(position, "position")
            return position_state(game, position, "position")
        except RulebookError as e:
            raise Refused(400, str(e)) from None

    @staticmethod
    def _played(game, moves: Any, what: str, start=None) -> tuple[list, list[str]]:
        """The states through `moves` (a list of move texts) from `start` (default: the game's
        start), and the moves in the game's own notation; a 400 for a list that is not one, or for
        a move that is not legal."""
        from ..play.records import MAX_RECORD_MOVES
        if not isinstance(moves, list) or not all(isinstance(m, str) and len(m) < 10_000 for m in moves):
            raise Refused(400, f"'{what}' must be a list of move texts")
        if len(moves) > MAX_RECORD_MOVES:
            raise Refused(400, f"{what}: at most {MAX_RECORD_MOVES:,} moves")
        states, texts = [game.initial_state() if start is None else start], []
        for ply, text in enumerate(moves):
            try:
                move = game.parse_move(states[-1], text)
            except IllegalMove as e:
                raise Refused(400, f"{what}: ply {ply} (move {ply + 1}): {e}") from None
            states.append(game.apply(states[-1], move))
            texts.append(game.move_str(move))
        return states, texts

    def new(self, body: dict, gid: str | None = None) -> Session:
        """A game to play; `moves` (optional) are played first: a game goes on from a shared link,
        a reloaded page or a past ply of a replay. `gid`: the id of a game resumed."""
        from ..players import make_player
        entry = self.entry(body.get("game"))
        game, recipe = self._game(entry, body.get("options"), body.get("seats"))
        position = body.get("position")
        states, played = self._played(game, body.get("moves", []), "moves", self._start(game, position))
        specs = body.get("players")
        if specs is None:
            specs = ["human"] * len(game.players)
        if not isinstance(specs, list) or len(specs) != len(game.players) or not all(isinstance(x, str) for x in specs):
            raise Refused(400, f"'players': one player per seat ({', '.join(game.players)}): {kind_forms()}")
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(32)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 63:
            raise Refused(400, "'seed' must be a whole number from 0")
        players = []
        for i, spec in enumerate(specs):
            kind = spec.split(":")[0].strip().lower()
            if kind not in PLAYER_KINDS or len(spec) > 200:
                raise Refused(400, f"seat {game.players[i]}: {spec[:60]!r} is not a player ({kind_forms()})")
            if kind == "human":
                players.append(None)
                continue
            try:
                player = make_player(spec, game, seed + i)
            except RulebookError as e:
                raise Refused(400, f"seat {game.players[i]}: {e}") from None
            if not _bounded(player):
                raise Refused(400, f"seat {game.players[i]}: a search of at most {MAX_ITERATIONS:,} iterations, "
                                   f"{MAX_NODES:,} positions (nodes=N) or {MAX_SECONDS:g} seconds a move on this "
                                   f"server (and playouts of at most {MAX_PLAYOUT:,} plies, {MAX_PLAYOUTS} a leaf)")
            players.append(player)      # a mark of an AI seat: its worker makes its own
        s = Session(gid or secrets.token_hex(8), entry, game, [x.strip() for x in specs], players, seed,
                    states, played, recipe=recipe, position=position)
        s.rng.seed(seed)
        self._keep(s)
        if played:
            self._write(s)
        return s

    def replay(self, body: dict) -> Session:
        """A session stepping through a record (JSON: the CLI's record form)."""
        from ..play.records import MAX_RECORD_MOVES
        entry = self.entry(body.get("game"))
        rec = body.get("record")
        if not isinstance(rec, dict) or not isinstance(rec.get("moves"), list) \
                or not all(isinstance(m, str) and len(m) < 10_000 for m in rec["moves"]):
            raise Refused(400, "'record' must be a record object with a 'moves' list of move texts")
        if len(rec["moves"]) > MAX_RECORD_MOVES:
            raise Refused(400, f"a record holds at most {MAX_RECORD_MOVES:,} moves")
        players = rec.get("players")
        seats = len(players) if isinstance(players, list) else players if isinstance(players, int) else None
        if entry.seats["min"] == entry.seats["max"]:
            seats = None
        game, recipe = self._game(entry, rec.get("options") or {}, seats)
        if rec.get("game") not in (None, game.name):
            raise Refused(400, f"a record of {str(rec.get('game'))[:80]!r}, not of {game.name!r}")
        if isinstance(players, list) and list(players) != list(game.players):
            raise Refused(400, f"the record's players {players} are not this game's seats {list(game.players)}")
        states = self._played(game, rec["moves"], "record", self._start(game, rec.get("position")))[0]
        agents = rec.get("agents")
        if agents is None:
            agents = ["human"] * len(game.players)
        if not isinstance(agents, list) or len(agents) != len(game.players) \
                or not all(isinstance(a, str) and len(a) <= 200 for a in agents):
            raise Refused(400, f"the record's 'agents' must be a list of {len(game.players)} player names, one a seat")
        s = Session(secrets.token_hex(8), entry, game, list(agents),
                    [None] * len(game.players), rec.get("seed") if isinstance(rec.get("seed"), int) else 0, states,
                    list(rec["moves"]), replay=True, position=rec.get("position"))
        self._keep(s)
        return s

    # ---------------------------------------------------------------- moves
    def _human_turn(self, s: Session) -> bool:
        who = s.game.to_move(s.state)
        return not s.game.is_over(s.state) and who != CHANCE and s.players[who] is None

    def play(self, s: Session, text: Any, ply: Any = None) -> None:
        with s.lock:
            if s.replay:
                raise Refused(409, "this is a replay: start a new game to play")
            if not isinstance(text, str) or len(text) > 10_000:
                raise Refused(400, "'move' must be a move text")
            if ply is not None and ply != len(s.moves):
                raise Refused(409, f"the game is at ply {len(s.moves)}, not {ply}: reload it")
            if s.thinking or not self._human_turn(s):
                who = s.game.to_move(s.state)
                whose = "the game is over" if s.game.is_over(s.state) else \
                    "a draw is being made" if who == CHANCE else f"it is {s.game.players[who]}'s turn ({s.specs[who]})"
                raise Refused(409, f"not your move: {whose}")
            try:
                move = s.game.parse_move(s.state, text)
            except IllegalMove as e:
                raise Refused(400, f"ply {len(s.moves)}: {e}") from None
            self._push(s, move)

    def why(self, s: Session, cells: Any, ply: Any = None) -> str:
        """Why the cells clicked make no move, in the words of `moves --why`: the cells joined as
        a move text (a placement's cell, a piece's origin and destination) and explained."""
        if not (isinstance(cells, list) and 0 < len(cells) <= 8
                and all(isinstance(c, str) and 0 < len(c) <= 40 and c.isprintable() for c in cells)):
            raise Refused(400, "'cells' must be a list of 1 to 8 cell names")
        with s.lock:
            if ply is not None and ply != len(s.moves):
                raise Refused(409, f"the game is at ply {len(s.moves)}, not {ply}: reload it")
            if s.game.is_over(s.state):
                return "the game is over"
            try:
                return s.game.explain(s.state, "-".join(cells))
            except RulebookError as e:
                return str(e)

    def preview(self, s: Session, text: Any, ply: Any = None) -> str:
        """The board as it stands with the tile of a legal placement drawn turned on its cell
        (the page's preview of a turn before it is played): its SVG."""
        with s.lock:
            if not isinstance(text, str) or len(text) > 10_000:
                raise Refused(400, "'move' must be a move text")
            if ply is not None and ply != len(s.moves):
                raise Refused(409, f"the game is at ply {len(s.moves)}, not {ply}: reload it")
            if s.replay or s.thinking or not self._human_turn(s):
                raise Refused(409, "no move to preview: it is not a human's turn here")
            st, n = s.state, len(s.moves)
            try:
                move = s.game.parse_move(st, text)
            except IllegalMove as e:
                raise Refused(400, f"ply {n}: {e}") from None
        placed = getattr(s.game, "placed_tile", None)
        if placed is None or placed(st, move) is None:
            raise Refused(400, f"'{text}' lays no tile: there is nothing to preview")
        return self._picture(s.game, st, s.entry.look, s.moves[n - 1] if n else None, True, move)

    def _push(self, s: Session, move) -> None:
        after = s.game.apply(s.state, move)
        s.states.append(after)          # the state first: a reader never finds a move without its state
        s.moves.append(s.game.move_str(move))
        self._write(s)

    # ---------------------------------------------------------------- the records folder
    # A game in progress is kept as DIR/<stem>-<id>.unfinished.json after every move (a record
    # marked unfinished, written whole then renamed), so a restarted server resumes it under its
    # id; a finished game is written once as DIR/<stem>-<time>-<id>.json, and its unfinished
    # file goes.
    UNFINISHED = ".unfinished.json"

    def _unfinished(self, s: Session) -> Path:
        return self.records / f"{s.entry.stem}-{s.id}{self.UNFINISHED}"

    def _write(self, s: Session) -> None:
        if self.records is None or s.replay:
            return
        try:
            self.records.mkdir(parents=True, exist_ok=True)
            if not s.game.is_over(s.state):
                rec = self.record(s)
                rec.unfinished = True
                rec.save(self._unfinished(s))
                return
            if not s.saved:
                self.record(s).save(self.records / f"{s.entry.stem}-{time.strftime('%Y%m%d-%H%M%S')}-{s.id}.json")
                s.saved = True
            self._forget_file(s)
        except (OSError, RulebookError) as e:      # the game goes on; the page says why it is not kept
            s.error = f"the record is not kept: {e}"

    def _forget_file(self, s: Session) -> None:
        if self.records is not None and not s.replay:
            with contextlib.suppress(OSError):
                self._unfinished(s).unlink()

    def _resume(self) -> None:
        """Every unfinished record of the folder played again under its id, oldest first (the
        newest MAX_SESSIONS stay); one that cannot be read or played is reported and left."""
        from ..play.records import read_record
        files = sorted(self.records.glob("*" + self.UNFINISHED), key=lambda p: (p.stat().st_mtime, p.name))
        for path in files[-MAX_SESSIONS:]:
            stem, _, gid = path.name[:-len(self.UNFINISHED)].rpartition("-")
            try:
                if not ID_RE.match(gid) or stem not in self.entries:
                    raise RulebookError(f"{path}: not a game of this server (a name <game>-<id>{self.UNFINISHED}, "
                                        f"the game one of {', '.join(sorted(self.entries))})")
                rec = read_record(path)
                if rec.game is not None and rec.game != self.entries[stem].name:
                    raise RulebookError(f"{path}: a record of {rec.game[:80]!r}, not of {self.entries[stem].name!r}")
                body = {"game": stem, "options": rec.options, "players": rec.agents, "seed": rec.seed,
                        "position": rec.position, "moves": rec.moves}
                if rec.seats is not None and self.entries[stem].seats["min"] != self.entries[stem].seats["max"]:
                    body["seats"] = rec.seats
                self.resumed.append(self.new({k: v for k, v in body.items() if v is not None}, gid))
            except RulebookError as e:
                self.skipped.append(f"{e}: not resumed")
            except Refused as e:
                self.skipped.append(f"{path}: {e.message}: not resumed")

    def record(self, s: Session):
        from ..play.records import Record
        return Record(list(s.moves), s.game.name, list(s.game.players), list(s.specs), dict(s.game.options), s.seed,
                      s.position)

    def undo(self, s: Session) -> None:
        """Back to the last position before the latest human move (AI and chance moves after it undone too)."""
        with s.lock:
            if s.replay:
                raise Refused(409, "this is a replay: step back with the slider")
            humans = [k for k in range(len(s.moves)) if s.game.to_move(s.states[k]) != CHANCE
                      and s.players[s.game.to_move(s.states[k])] is None]
            if not humans:
                raise Refused(409, "nothing to undo")
            back = humans[-1]
            del s.states[back + 1:]
            del s.moves[back:]
            s.generation += 1
            s.thinking = False
            s.saved = False
            self._halt(s)                   # the AI move for the position undone is not needed
            self._write(s)

    async def advance(self, s: Session) -> None:
        """Play the chance draws and AI moves until a human is to move or the game ends; AI
        players think in a worker thread (the server keeps answering meanwhile)."""
        if s.replay or s.thinking:
            return
        s.thinking = True
        gen = s.generation
        move = st = None        # the move found for position st, played under the lock below
        try:
            while True:
                with s.lock:
                    if gen != s.generation or s.gone or (move is not None and s.state is not st):
                        return
                    if move is not None:
                        self._push(s, move)
                    st = s.state
                    who = s.game.to_move(st)
                    if s.game.is_over(st) or (who != CHANCE and s.players[who] is None):
                        # the thinking ends with the move, under the same lock: no view shows a
                        # human's turn while the server still thinks
                        s.thinking = False
                        return
                    if who == CHANCE:
                        from ..players.base import sample_chance
                        move = sample_chance(s.game, st, s.rng)
                        continue
                s.job = job = self.pool.submit((s.id, who), s.recipe, s.specs[who], s.seed + who, st)
                try:
                    move = await job.future
                except Halted:
                    return
                finally:
                    if s.job is job:
                        s.job = None
        except Exception as e:          # a player's failure is shown, not swallowed
            s.error = str(e) if isinstance(e, AIFailure) else f"{type(e).__name__}: {e}"
        finally:
            if gen == s.generation:
                s.thinking = False

    # ---------------------------------------------------------------- views
    def _offered(self, s: Session, st, names) -> list[dict]:
        """The legal moves of a position as the page plays them: text, cells in order, and
        `any_order` where the cells may be clicked in any order (a drop of several); kept for
        the last positions (every new game of a kind starts with the same list, and a two-stone
        drop offers tens of thousands)."""
        g = s.game
        with self.guard:
            moves = self.offered.get((g, st))
            if moves is not None:
                self.offered.move_to_end((g, st))
                return moves
        from ..look.scene import move_cells
        any_order = getattr(g, "any_order", None)
        moves = []
        own_cells = getattr(g, "move_cells", None)     # a move whose text names no cell says which to click
        placed = getattr(g, "placed_tile", None)       # a move that lays a tile: the page previews its turns
        for t, m in sorted(((g.move_str(m), m) for m in g.legal_moves(st)), key=lambda p: p[0]):
            cells = own_cells(m) if own_cells else None
            cells = move_cells(t, names) if cells is None else cells
            tile = placed(st, m) if placed else None
            if tile is not None and tile[0] not in cells:
                cells = [tile[0], *cells]               # a tile laid on a square its text does not name
            moves.append({"text": t, "cells": cells})
            if any_order and any_order(m):
                moves[-1]["any_order"] = True
            if tile is not None:
                moves[-1]["tile"] = {"cell": tile[0], "type": tile[1], "turn": tile[2]}
        with self.guard:
            self.offered[(g, st)] = moves
            while len(self.offered) > MAX_OFFERED:
                self.offered.popitem(last=False)
        return moves

    def _picture(self, g, st, look, last, controls: bool, preview=None) -> str:
        """The SVG of a position (with `preview`, a placement move: its tile drawn turned on its
        cell), kept for the last positions drawn (every new game of a kind starts with the same
        picture, and a poll asks again for the one on screen)."""
        from ..look import picture_svg
        key = (g, st, id(look), last, controls, preview)   # a look lives as long as its entry
        with self.guard:
            svg = self.pictures.get(key)
            if svg is not None:
                self.pictures.move_to_end(key)
                return svg
        svg = picture_svg(g, st, look, last, controls=controls, preview=preview)
        with self.guard:
            self.pictures[key] = svg
            while len(self.pictures) > MAX_PICTURES:
                self.pictures.popitem(last=False)
        return svg

    def _view_key(self, s: Session, at: int | None) -> tuple:
        """What a view depends on (with the lock held): the position, ply, thinking and error."""
        n = len(s.moves)
        k = n if at is None else at
        return s.states[k], n, k, s.thinking, s.error

    def kept_view(self, s: Session, at: int | None = None) -> bytes | None:
        """The view's JSON as last sent, if the game has not changed since (a poll): no drawing."""
        with s.lock:
            return s.shown[1] if s.shown[0] == self._view_key(s, at) else None

    def view_json(self, s: Session, at: int | None = None) -> bytes:
        """The page's view of a session at ply `at` (None: now) as JSON, kept until the game changes."""
        with s.lock:
            key = self._view_key(s, at)
            if s.shown[0] == key:
                return s.shown[1]
            moves_played = list(s.moves)
            before = s.states[:len(moves_played)]         # the position each move was made in
        g = s.game
        movers = ["chance" if w == CHANCE else g.players[w] for w in map(g.to_move, before)]
        body = json.dumps(self._view(s, moves_played, key[2], key[0], key[3], key[4], movers), ensure_ascii=False,
                          separators=(",", ":")).encode("utf-8")
        with s.lock:
            s.shown = (key, body)
        return body

    def view(self, s: Session, at: int | None = None) -> dict:
        """The page's view of a session at ply `at` (None: now)."""
        return json.loads(self.view_json(s, at))

    def _view(self, s: Session, moves_played: list, k: int, st, thinking: bool, error, movers: list) -> dict:
        """The view of position `st` at ply k of the moves played (a snapshot taken under the lock;
        `movers`: who made each of them, a seat or chance)."""
        from ..look.scene import result_words, status
        g = s.game
        n = len(moves_played)
        out = g.outcome(st)
        who = g.to_move(st)
        human = (not s.replay and k == n and not thinking and not out.over and who != CHANCE
                 and s.players[who] is None)
        moves = []
        last = moves_played[k - 1] if k else None
        svg = self._picture(g, st, s.entry.look, last, human)
        names = set(re.findall(r'data-cell="([^"]+)"', svg))
        if human:
            moves = self._offered(s, st, names)
        if out.over:
            text = result_words(g, st)
        elif who == CHANCE:
            text = "a draw from the bag"
        else:
            text = f"{g.players[who]} to move" + ("" if s.players[who] is None or s.replay else f" ({s.specs[who]} is thinking)")
        forward = getattr(g, "forward", None)    # degrees per seat: where the seats face different ways,
        facing = [round(f - 90) % 360 for f in forward] if forward and len(set(forward)) > 1 else None  # each's view
        return {"id": s.id, "game": s.entry.stem, "name": g.name, "players": list(g.players), "agents": s.specs,
                "facing": facing,
                "seed": s.seed, "options": dict(g.options), "ply": g.ply(st), "at": k, "length": n, "replay": s.replay,
                "over": out.over, "status": text, "caption": status(g, st), "result": out.as_json(),
                "to_move": None if out.over else ("chance" if who == CHANCE else g.players[who]),
                "human": human, "thinking": thinking, "moves": moves, "history": moves_played, "movers": movers,
                "last": last, "svg": svg, "error": error, "position": s.position,
                "can_undo": not s.replay and any(p is None for p in s.players) and n > 0}


def _hostname(netloc: str) -> str:
    """The name of a Host header or an Origin's netloc, without its port and brackets."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        return netloc[1:].partition("]")[0]
    return netloc.rpartition(":")[0] if netloc.count(":") == 1 else netloc


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


def is_loopback(host: str) -> bool:
    """Whether a --host reaches this machine only (`localhost`, 127.x, ::1)."""
    return host.strip().lower() == "localhost" or _is_ip(host.strip("[]")) and ipaddress.ip_address(host.strip("[]")).is_loopback


class Guard:
    """The ASGI middleware that lets only this machine's pages use the server.

    A Host must be an address (no page can make a browser send an address it did not load) or
    one of `names`: any other name is DNS rebinding, a site's name pointed at this machine. An
    Origin, where a browser sends one, must be the Host itself, and a browser's `Sec-Fetch-Site:
    cross-site` on the API is refused: so another site's page can neither post nor read. A POST
    must say it is JSON, which a cross-site form or simple fetch cannot (`text/plain`)."""

    def __init__(self, app, names: set[str]):
        self.app, self.names = app, names

    @staticmethod
    async def refuse(send, status: int, message: str):
        body = json.dumps({"error": message}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope, receive, send):
        app, names, refuse = self.app, self.names, self.refuse
        if scope["type"] != "http":
            return await app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        name = _hostname(host)
        if not name or not (_is_ip(name) or name in names):
            return await refuse(send, 403, f"this server answers to {', '.join(sorted(names))} or an address, "
                                           f"not to the host {host[:80]!r}")
        origin = headers.get("origin")
        if origin is not None:
            parts = urlsplit(origin) if origin != "null" else None
            if parts is None or parts.scheme not in ("http", "https") or parts.netloc.lower() != host.lower():
                return await refuse(send, 403, f"a page of {origin[:80]!r} may not use this server")
        if scope["path"].startswith("/api/") and headers.get("sec-fetch-site") == "cross-site":
            return await refuse(send, 403, "another site's page may not use this server")
        if scope["method"] == "POST":
            kind = headers.get("content-type", "").partition(";")[0].strip().lower()
            if kind != "application/json":
                return await refuse(send, 415, f"a request body must be JSON (Content-Type: application/json), "
                                               f"not {kind[:80] or 'unsaid'}")
        return await app(scope, receive, send)


def create_app(paths, records_dir: str | None = None, hosts=()) -> Starlette:
    """The server's ASGI app: the games of `paths`, answering to the loopback names, the names
    in `hosts` and any address (see guard)."""
    srv = Server(load_entries(paths), records_dir)

    def fail(e: Refused) -> JSONResponse:
        return JSONResponse({"error": e.message}, status_code=e.status)

    async def body_of(request: Request) -> dict:
        # read at most MAX_BODY bytes, whatever the client says or sends: never the whole of a
        # huge request into memory
        too_big = Refused(413, f"a request of at most {MAX_BODY // 1_000_000} MB")
        length = request.headers.get("content-length", "")
        if length and (not length.isdigit() or len(length) > 12 or int(length) > MAX_BODY):
            raise too_big
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise too_big
        raw = bytes(raw)
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, RecursionError):
            raise Refused(400, "the request body is not JSON") from None
        if not isinstance(data, dict):
            raise Refused(400, "the request body must be a JSON object")
        try:                            # a lone surrogate (\\ud800) is JSON but no text
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise Refused(400, "the request body holds a lone surrogate (\\uD800-\\uDFFF): not text") from None
        except RecursionError:
            raise Refused(400, "the request body is nested too deeply") from None
        return data

    def handler(fn):
        async def run(request: Request):
            try:
                return await fn(request)
            except Refused as e:
                return fail(e)
        return run

    async def index(request: Request):
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    async def static(request: Request):
        name = request.path_params["name"]
        if name not in FILES:
            raise Refused(404, f"no file {name!r}")
        return Response((STATIC / name).read_bytes(), media_type=FILES[name])

    async def games(request: Request):
        return JSONResponse([{"id": e.stem, "name": e.name, "options": e.options, "seats": e.seats,
                              "players": list(PLAYER_KINDS)} for e in srv.entries.values()])

    async def rules(request: Request):
        e = srv.entry(request.path_params["stem"])
        if request.query_params.get("format") == "markdown":
            return PlainTextResponse(e.prose, media_type="text/markdown")
        return JSONResponse({"game": e.stem, "markdown": e.prose, "html": markdown_html(e.prose)})

    async def view(s: Session, at=None) -> Response:
        body = srv.kept_view(s, at)     # a poll of an unchanged game is answered at once
        if body is None:
            body = await asyncio.to_thread(srv.view_json, s, at)
        return Response(body, media_type="application/json")

    async def new(request: Request):
        s = await asyncio.to_thread(srv.new, await body_of(request))
        asyncio.create_task(srv.advance(s))
        await asyncio.sleep(0)
        return await view(s)

    async def replay(request: Request):
        s = await asyncio.to_thread(srv.replay, await body_of(request))
        return await view(s, 0)

    async def show(request: Request):
        s = srv.session(request.path_params["gid"])
        at = request.query_params.get("at")
        if at is not None:
            if not (at.isascii() and at.isdigit() and len(at) <= 9) or int(at) > len(s.moves):
                raise Refused(400, f"'at' is a ply from 0 to {len(s.moves)}")
            at = int(at)
        return await view(s, at)

    async def move(request: Request):
        s = srv.session(request.path_params["gid"])
        body = await body_of(request)
        srv.play(s, body.get("move"), body.get("ply"))
        asyncio.create_task(srv.advance(s))
        await asyncio.sleep(0)
        return await view(s)

    async def why(request: Request):
        s = srv.session(request.path_params["gid"])
        body = await body_of(request)
        return JSONResponse({"why": await asyncio.to_thread(srv.why, s, body.get("cells"), body.get("ply"))})

    async def preview(request: Request):
        s = srv.session(request.path_params["gid"])
        body = await body_of(request)
        return JSONResponse({"svg": await asyncio.to_thread(srv.preview, s, body.get("move"), body.get("ply"))})

    async def undo(request: Request):
        s = srv.session(request.path_params["gid"])
        srv.undo(s)
        return await view(s)

    async def record(request: Request):
        s = srv.session(request.path_params["gid"])
        data = json.dumps(srv.record(s).to_json(), indent=1) + "\n"
        return Response(data, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{s.entry.stem}-{s.id}.json"'})

    async def not_found(request: Request, exc):
        return JSONResponse({"error": f"no page {request.url.path!r}"}, status_code=404)

    async def bad_method(request: Request, exc):
        code = getattr(exc, "status_code", 500)
        return JSONResponse({"error": getattr(exc, "detail", "refused")}, status_code=code)

    routes = [Route("/", handler(index)), Route("/static/{name}", handler(static)),
              Route("/api/games", handler(games)), Route("/api/rules/{stem}", handler(rules)),
              Route("/api/new", handler(new), methods=["POST"]), Route("/api/replay", handler(replay), methods=["POST"]),
              Route("/api/game/{gid}", handler(show)), Route("/api/game/{gid}/move", handler(move), methods=["POST"]),
              Route("/api/game/{gid}/undo", handler(undo), methods=["POST"]),
              Route("/api/game/{gid}/why", handler(why), methods=["POST"]),
              Route("/api/game/{gid}/preview", handler(preview), methods=["POST"]),
              Route("/api/game/{gid}/record", handler(record))]
    for line in srv.skipped:            # an unfinished record that could not be resumed: said, then left
        print(printable(line), file=sys.stderr)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        for s in srv.resumed:           # a resumed game whose AI or chance is to move goes on
            asyncio.create_task(srv.advance(s))
        yield
        srv.close()

    names = set(LOOPBACK_NAMES) | {_hostname(h) for h in hosts if h}
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: bad_method}, lifespan=lifespan,
                    middleware=[Middleware(Guard, names=names)])
    app.state.server = srv
    return app
