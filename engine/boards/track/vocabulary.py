"""The words of a track game's expressions (`end.win`, `scoring`, `evaluate`): names, functions
and the Python each becomes, evaluated for seat `me` of state `st` (game.py's TrackState).
Shared by the checks (rules.py) and the compiled game (game.py)."""
from __future__ import annotations

from ...lang.expr import INT, ZONE, Function, Symbol, Vocabulary
from ...source.options import option_symbols

NAMES = {
    "off": ("st.off[me]", "the player's checkers borne off"),
    "bar": ("st.bar[me]", "the player's checkers on the bar"),
    "pips": ("_pips(st, me)", "the player's pip count: the points every checker of theirs has still to go, the bar "
                              "counting as the point after the last"),
    "opponent.off": ("st.off[1 - me]", "the opponent's checkers borne off"),
    "opponent.bar": ("st.bar[1 - me]", "the opponent's checkers on the bar"),
    "opponent.pips": ("_pips(st, 1 - me)", "the opponent's pip count"),
    "ply": ("st.ply", "moves played (rolls included)"),
}
FUNCTIONS = {
    "count": "the player's checkers on the zone's points",
    "enemy": "the opponent's checkers on the zone's points (as the player numbers them)",
}


def vocabulary(spec: dict, zones: list[str], option_values=None) -> Vocabulary:
    names = {k: Symbol(INT, code) for k, (code, _about) in NAMES.items()}
    for i, z in enumerate(zones):
        names[z] = Symbol(ZONE, repr(i))
    names.update(option_symbols(spec, option_values))
    functions = {
        "count": Function(((ZONE,),), INT, lambda a, t: f"_mine(st, me, {a[0]})", FUNCTIONS["count"]),
        "enemy": Function(((ZONE,),), INT, lambda a, t: f"_mine(st, 1 - me, {a[0]}, me)", FUNCTIONS["enemy"]),
    }
    return Vocabulary(names, functions)


__all__ = ["FUNCTIONS", "NAMES", "vocabulary"]
