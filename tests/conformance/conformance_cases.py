"""The games the conformance suite runs over, and the few helpers its checks share.

Every case is a name (the test id) and a way to make the game: each shipped game file
(games/*.yaml), the made-up YAML games of tests/data/ and tests/data/words/, a few seat counts
and option values that change the compiled code, and the hand-written Python toys of
tests/toygames.py. The checks use the Game API of engine/api.py; what they need beyond it (the
grid kind's positions, its generated `attacked` helper and pseudo-legal generators) is reached
only from here, so that a change of the state layout or of the generated names is mended in
one place.

The checks (each parametrized over the cases it applies to; none is ever skipped):
- test_conf_states.py: states hash, apply leaves its state and every earlier state unchanged,
  the same moves give equal states; legal_moves is empty exactly when is_over (the draws at a
  chance position), in any call order; outcome and evaluate speak of the seats; grid positions
  read back from their JSON form; the grid kind's "is there a move?" search agrees with its moves;
- test_conf_moves.py: parse_move(move_str(m)) == m, one text per move, nonsense refused; chance
  weights positive, their exact probabilities summing to 1, every draw legal and appliable;
- test_conf_records.py: a seeded match saved as a record replays to the same state (in-process
  and through `rulebook replay` / `rulebook play --record`), a wrong move refused at its ply;
- test_conf_attacked.py: the compiled `attacked` against the other player's pseudo-legal
  captures (chess, words/guards), en passant and pins;
- test_conf_sources.py: every generated source compiles and stays under 3000 lines.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from rulebook import load_game
from rulebook.api import CHANCE

import toygames
from conftest import DATA, GAMES

# ------------------------------------------------------------------------------------ the cases
GAME_FILES = sorted(GAMES.glob("*.yaml"))
TOY_FILES = sorted(DATA.glob("*.yaml")) + sorted((DATA / "words").glob("*.yaml"))

# (id, file, options, seats): more seats or other option values, where they change the code
VARIANTS = [
    ("games/zug@3", GAMES / "zug.yaml", {}, 3),
    ("games/zug@4", GAMES / "zug.yaml", {"counters": 6}, 4),
    ("games/zug@5", GAMES / "zug.yaml", {"locomotive_owner": "any", "counters": 4}, 5),
    ("games/english_draughts:draw_plies=20", GAMES / "english_draughts.yaml", {"draw_plies": 20}, None),
    ("games/chinese_checkers@3", GAMES / "chinese_checkers.yaml", {}, 3),
    ("games/chinese_checkers@6", GAMES / "chinese_checkers.yaml", {}, 6),
    ("games/hex:swap", GAMES / "hex.yaml", {"swap": "true"}, None),
    ("games/gomoku:exact_five", GAMES / "gomoku.yaml", {"exact_five": "true"}, None),
    ("games/lezug:blocked=lose", GAMES / "lezug.yaml", {"blocked": "lose", "max_plies": "300"}, None),
    ("games/loa:simultaneous=draw", GAMES / "loa.yaml", {"simultaneous": "draw"}, None),
    ("games/chess:no_draw_rules", GAMES / "chess.yaml",
     {"fifty_moves": "false", "repetition": "false", "insufficient_material": "false"}, None),
    ("words/race:stuck=pass", DATA / "words" / "race.yaml", {"stuck_rule": "pass"}, None),
    ("words/race:stuck=draw", DATA / "words" / "race.yaml", {"stuck_rule": "draw"}, None),
    ("words/rows:loose", DATA / "words" / "rows.yaml", {"strict": "false"}, None),
    ("words/star@3", DATA / "words" / "star.yaml", {}, 3),
    ("words/star@6", DATA / "words" / "star.yaml", {}, 6),
    ("data/tile_canal@1", DATA / "tile_canal.yaml", {}, 1),
    ("data/tile_canal@3", DATA / "tile_canal.yaml", {"dock_points": "3"}, 3),
]

TOYS = {
    "toy/nim": lambda: toygames.Nim(),
    "toy/nim@3:max_take=2": lambda: toygames.Nim((2, 3, 4, 1), seats=3, max_take=2),
    "toy/dice": lambda: toygames.DiceRace(),
    "toy/dice@2:goal=5": lambda: toygames.DiceRace(seats=2, goal=5, max_plies=60),
    "toy/walk": lambda: toygames.Walk(goal=6, max_plies=120),
}


def _file_id(path: Path) -> str:
    folder = {"games": "games", "words": "words"}.get(path.parent.name, "data")
    return f"{folder}/{path.stem}"


FILE_CASES = {_file_id(p): (p, {}, None) for p in GAME_FILES + TOY_FILES}
FILE_CASES.update({name: (path, opts, seats) for name, path, opts, seats in VARIANTS})

ALL = sorted(FILE_CASES) + sorted(TOYS)


@lru_cache(maxsize=None)
def game(case: str):
    """The game of a case, made once per session (a game is not changed by being played)."""
    if case in TOYS:
        return TOYS[case]()
    path, opts, seats = FILE_CASES[case]
    return load_game(path, dict(opts), seats)


def is_grid(case: str) -> bool:
    """A game of the grid kind (the `grid` and `hex` boards). (A case that fails to load is kept
    here, so that a check over grid games says why instead of leaving it out.)"""
    if case not in FILE_CASES:
        return False
    try:
        return hasattr(game(case), "position_json") and hasattr(game(case), "geo")   # (path tiles write positions too)
    except Exception:
        return True


def says_attacked(case: str) -> bool:
    """Do the rules of a case use the word `attacked` (as compiled: its words)? Kept on a failed load."""
    if case not in FILE_CASES:
        return False
    try:
        return "attacked()" in game(case).rules.words
    except Exception:
        return "attacked(" in FILE_CASES[case][0].read_text()


def uses_word(case: str, word: str) -> bool:
    """Does the game file of a case say `word` (e.g. `attacked(`) in its own text?"""
    return case in FILE_CASES and word in FILE_CASES[case][0].read_text()


def with_chance(case: str) -> bool:
    """Does a case have chance positions? Decided by playing, not by name: any seen in two
    playouts. (A case that fails to load or play here is kept: its test then says why.)"""
    try:
        return any(game(case).to_move(st) == CHANCE for seed in (1, 2) for st, _ in playout(case, seed, 80))
    except Exception:
        return True


# A position with more legal moves than this (a drop of two stones on a big board: tens of
# thousands) is checked on a random sample of its moves, and such positions on fewer of them,
# so that every case runs in seconds whatever its branching.
HUGE = 5_000


def sample(moves: list, rng: random.Random, k: int = HUGE) -> list:
    """The moves, or k of them drawn at random where they are more (in their order)."""
    if len(moves) <= k:
        return moves
    return [moves[i] for i in sorted(rng.sample(range(len(moves)), k))]


# ------------------------------------------------------------------------------------ playing
@lru_cache(maxsize=None)
def playout(case: str, seed: int, plies: int):
    """A seeded random playout: a tuple of (state, the move played from it), the last state with
    move None. Players choose uniformly, chance is drawn by weight. At most `plies` moves."""
    g = game(case)
    rng = random.Random(seed)
    st = g.initial_state()
    out = []
    for _ in range(plies):
        if g.is_over(st):
            break
        if g.to_move(st) == CHANCE:
            outcomes = g.chance_outcomes(st)
            move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
        else:
            move = rng.choice(g.legal_moves(st))
        out.append((st, move))
        st = g.apply(st, move)
    out.append((st, None))
    return tuple(out)


def probabilities(outcomes) -> dict:
    """The chance outcomes' probabilities as exact fractions (weights as Fraction(weight))."""
    total = sum(Fraction(w) for _, w in outcomes)
    return {m: Fraction(w) / total for m, w in outcomes}


# ------------------------------------------------------------------------------------ states
def freeze(value, _depth: int = 0):
    """A value-like snapshot of a state, to see whether anything changed it: containers turned
    into tuples (dicts sorted), mutable bytes into bytes, a state with slots into its public slots.
    Any other object stands for itself (its identity): a memo shared by positions may fill up."""
    if _depth > 12:
        return ("deep", id(value))
    d = _depth + 1
    if value is None or isinstance(value, (bool, int, float, str, bytes, Fraction)):
        return value
    if isinstance(value, bytearray):
        return ("bytearray", bytes(value))
    if isinstance(value, (tuple, list)):
        return (type(value).__name__,) + tuple(freeze(v, d) for v in value)
    if isinstance(value, (set, frozenset)):
        return (type(value).__name__,) + tuple(sorted((freeze(v, d) for v in value), key=repr))
    if isinstance(value, dict):
        return ("dict",) + tuple(sorted(((freeze(k, d), freeze(v, d)) for k, v in value.items()), key=repr))
    slots = [s for cls in type(value).__mro__ for s in getattr(cls, "__slots__", ())]
    if slots and _depth == 0:       # the state itself; an object inside it (a memo such as the
        # tile kind's shared `reach`, which fills as it is asked) stands for itself, below
        return (type(value).__name__,) + tuple((s, freeze(getattr(value, s, None), d))
                                               for s in slots if not s.startswith("_"))
    return ("object", type(value).__name__, id(value))


# ------------------------------------------------------------------------------------ grid only
def owners(g, st) -> dict[int, tuple[str, str]]:
    """Grid games: cell index -> (owner, kind) of every piece, from the position's JSON form."""
    out = {}
    kinds = [k.name for k in g.kinds]
    for owner, where in g.position_json(st)["pieces"].items():
        groups = where.items() if isinstance(where, dict) else [(kinds[0], where)]
        for kind, cells in groups:
            for name in cells:
                out[g.geo.parse_cell(name)] = (owner, kind)
    return out


def with_to_move(g, st, seat: int):
    """Grid games: the same pieces with `seat` to move (for a question asked of the other
    player's moves), built by the public `position` from the state's JSON form. The last move's
    cell is left out: it only matters to `take` (en passant), which `attacked` does not count. The
    other player to move may stand in check there: the game's own rules are not asked (checked=False)."""
    js = g.position_json(st)
    return g.position(js["pieces"], g.players[seat], reserves=js["reserve"], ply=js["ply"] + 1,
                      passes=js["passes"], quiet=js.get("quiet", 0), checked=False)


def attacked(g, st, me: int, cell: int) -> bool:
    """The compiled helper of the word `attacked` (grid/game.py's `_attacked(st, me, mask)`): could
    another player's piece capture on `cell` (for an empty cell: a player other than `me`)?"""
    return bool(g._ns["_attacked"](st, me, 1 << cell))


def pseudo_legal(g, st) -> list:
    """Grid games: the moves of the player to move before the `legal` rules (on the position
    after) are applied: the generated `raw_<phase>` of a phase with legal rules, else the legal
    moves themselves."""
    phase = g.rules.phases[g.phase_index(st)]
    raw = g._ns.get(f"raw_{phase.name}")
    return list(raw(st)) if raw is not None and phase.legal else list(g.legal_moves(st))


def any_move_and_moves(g, st) -> tuple[bool, list]:
    """Grid games: the answer of the generated "is there a move?" function of the state's phase
    (`any_<phase>`, what `stuck` and a blocked player are decided by) and the moves of its
    generator (before a pass is added for a blocked player, or a result empties them)."""
    i = g.phase_index(st)
    return bool(g._any[i](st)), list(g._gens[i](st))
