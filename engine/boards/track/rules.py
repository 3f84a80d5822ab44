"""The checks of track games (`board: {track: ...}`): two seats racing their pieces along one
track of numbered points in opposite directions, a roll of dice before every play, the play made
of steps (steps.py), the end and the scoring as expressions (vocabulary.py).

Everything is located: a bad word is a finding at its key or token. The rules' `compile` gives
a TrackGame (game.py); the checks never import it."""
from __future__ import annotations

import re
from typing import Any

from ...api import RulebookError
from ...lang import dsl
from ...lang.expr import BOOL, INT
from ...source.check import Checker
from ...structs import field, struct
from .dice import Dice
from .steps import Steps
from .vocabulary import vocabulary

_NOT_HERE = {"directions": "direction sets", "tiles": "tiles", "stones": "stones", "hands": "hands",
             "counters": "counters", "routes": "routes", "position": "position rules", "seating": "seatings",
             "player_count": "player counts (a track is raced by two)", "notation": "notation marks"}
_PHASE_KEYS = ("name", "roll", "move")
STEPS_OPTIONS = ("block", "off")
ZONE_FORM = re.compile(r"^\s*points?\s+(\d+)(?:\s*\.\.\s*(\d+))?\s*$")


@struct
class TrackRules:
    """A checked track game: what compile needs."""
    spec: dict
    src_file: str
    players: list[str]
    points: int
    start: list[int]                        # each seat's pieces by their own point numbers
    kind: str                               # the pieces' name (pieces:), "piece" when unsaid
    zones: dict[str, tuple[int, ...]]       # zone -> its points, in each seat's own numbers
    dice: Dice
    steps: Steps
    win: Any
    scoring: list
    evaluate: Any
    places: dict = field(default_factory=dict)

    def seat_count(self, seats: int | None) -> int:
        if seats not in (None, 2):
            raise RulebookError(f"{self.spec['game']} is played by exactly 2 players, not {seats}")
        return 2

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False):
        from .game import TrackGame
        return TrackGame(self, options, self.seat_count(seats), instrument)


def check_track(ch: Checker) -> TrackRules | None:
    """The track words of a checked file as rules to compile, or None (the findings are in `ch`)."""
    spec = ch.src.data
    for key, what in _NOT_HERE.items():
        if key in spec:
            ch.error((key,), f"'{key}': {what} are not words of a track game", key=True)
    players = []
    for i, p in enumerate(spec["players"]):
        if isinstance(p, dict):
            players.append(p["name"])
            if "forward" in p:
                ch.error(("players", i, "forward"), "a track's seats move toward their own point 1: no forward "
                                                    "direction", key=True)
        else:
            players.append(p)
    if len(players) != 2:
        ch.error(("players",), f"a track is raced by two players, each from their own side ({len(players)} named)")
    elif players[0] == players[1]:
        ch.error(("players",), "two players have the same name")

    board = spec["board"]["track"]
    P = board["points"]
    start = []
    for j, q in enumerate(board.get("start") or []):
        if not 1 <= q <= P:
            ch.error(("board", "track", "start", j), f"{q} is not a point of the track (1..{P})")
        else:
            start.append(q)

    pieces = spec.get("pieces") or {}
    kind = "piece"
    if pieces:
        if len(pieces) > 1:
            ch.error(("pieces",), "a track game has one kind of piece")
        kind = next(iter(pieces))
        for k in pieces[kind] or {}:
            ch.error(("pieces", kind, k), f"'{k}': a track's pieces start where board.track.start says; they "
                                         "have no other words", key=True)

    zones: dict[str, tuple[int, ...]] = {}
    for name, text in (spec.get("zones") or {}).items():
        m = ZONE_FORM.match(text) if isinstance(text, str) else None
        if m is None:
            ch.error(("zones", name), "a zone of a track is points A..B (or point A), in each player's own numbers")
            continue
        lo, hi = int(m[1]), int(m[2] or m[1])
        if not 1 <= lo <= hi <= P:
            ch.error(("zones", name), f"'{text}': points from 1 to {P}, the lower first")
            continue
        zones[name] = tuple(range(lo, hi + 1))

    dice, steps = Dice(), Steps(P)
    phases = spec["phases"]
    if len(phases) != 1:
        ch.error(("phases",), "a track game has one phase: a roll, then the play of its steps")
    ph = phases[0]
    for k in ph:
        if k not in _PHASE_KEYS:
            ch.error(("phases", 0, k), f"'{k}' is not a word of a track game's phase (roll, move)", key=True)
    roll = ph.get("roll")
    if roll is None:
        ch.error(("phases", 0), "a track game's phase needs its dice: roll: {dice: N, faces: S}", key=True)
    else:
        n, s = roll.get("dice", 2), roll.get("faces", 6)
        doubles = roll.get("doubles", 0)
        if doubles and n < 2:
            ch.error(("phases", 0, "roll", "doubles"), "a double is a roll whose dice all show one number: "
                                                       "it needs two dice or more")
            doubles = 0
        dice = Dice(n, s, doubles)
    if "move" not in ph:
        ch.error(("phases", 0), "a track game's phase needs its move: steps(dice, ...)", key=True)
    else:
        steps = check_steps(ch, ("phases", 0, "move"), P, zones) or steps

    vocab = vocabulary(spec, list(zones))
    end = spec.get("end") or {}
    for k in end:
        if k != "win":
            ch.error(("end", k), f"'{k}': a track game ends when a player's win holds (end.win)", key=True)
    win = None
    if "win" not in end:
        ch.error(("end",) if "end" in spec else (), "a track game needs end.win: when the player who just "
                                                    "played wins (e.g. off == 15)", key=True)
    else:
        win = ch.typed(("end", "win"), vocab, (BOOL,), what="end.win")
    scoring = []
    for part, text in (spec.get("scoring") or {}).items():
        if not isinstance(text, str):
            ch.error(("scoring", part), f"scoring part {part} is an expression of numbers")
            continue
        node = ch.typed(("scoring", part), vocab, (INT,), what=f"scoring part {part}")
        if node is not None:
            scoring.append((part, node))
    evaluate = ch.typed(("evaluate",), vocab, (INT,), what="evaluate") if "evaluate" in spec else None
    places = {}
    for key in ("end", "scoring", "evaluate", "phases"):
        if key in spec:
            places[key] = f"{ch.src.file}:{ch.src.place((key,)).line}"
    if "move" in ph:
        places["move"] = f"{ch.src.file}:{ch.src.place(('phases', 0, 'move')).line}"
    return TrackRules(spec, ch.src.file, players, P, start, kind, zones, dice, steps, win, scoring, evaluate,
                      places)


def check_steps(ch: Checker, path: tuple, points: int, zones: dict) -> Steps | None:
    """The steps(dice, block=N, off=ZONE) a move names, or None after located findings."""
    node = ch.parse(path, "pattern")
    if node is None:
        return None

    def bad(at, message):
        ch.findings.append(ch.src.finding(path, message, inner=(at.line, at.column)))

    if not isinstance(node, dsl.Action) or node.name != "steps":
        bad(node, "a track game's move is steps(dice, block=N, off=ZONE)")
        return None
    if len(node.args) != 1 or not isinstance(node.args[0], dsl.Name) or node.args[0].dotted != "dice":
        bad(node, "steps takes the roll's numbers: steps(dice, ...)")
        return None
    block, home = 2, 0
    for k, v in node.kwargs.items():
        if k not in STEPS_OPTIONS:
            bad(v, f"steps takes no option '{k}' (options: {', '.join(STEPS_OPTIONS)})")
        elif k == "block":
            if not isinstance(v, dsl.Num) or not 1 <= v.value <= 1000:
                bad(v, "block is a whole number from 1: the enemy pieces that close a point")
            else:
                block = v.value
        else:
            name = v.dotted if isinstance(v, dsl.Name) else None
            if name not in zones:
                bad(v, f"off takes a zone of the track ({', '.join(zones) or 'none declared'})")
            elif zones[name][0] != 1:
                bad(v, f"pieces bear off from points 1..N: zone '{name}' starts at point {zones[name][0]}")
            else:
                home = zones[name][-1]
    return Steps(points, block, home)


__all__ = ["TrackRules", "check_steps", "check_track"]
