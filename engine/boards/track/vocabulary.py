"""The words of a track game's expressions (`end.win`, `scoring`, `evaluate`): names, functions
and the Python each becomes, evaluated for seat `me` of state `st` (state.py's TrackState).
Shared by the checks (rules.py) and the compiled game (game.py)."""
from __future__ import annotations

from ...lang.expr import INT, ZONE, Function, Symbol, Vocabulary
from ...source.options import option_symbols

NAMES = {
    "off": ("st.off[me]", "the player's pieces borne off"),
    "bar": ("st.bar[me]", "the player's pieces on the bar"),
    "to_go": ("_to_go(st, me)", "the points the player's pieces have still to go, summed (one on the bar counting "
                                "from the point after the last)"),
    "singles": ("_singles(st, me)", "the points holding exactly one of the player's pieces"),
    "opponent.off": ("st.off[1 - me]", "the opponent's pieces borne off"),
    "opponent.bar": ("st.bar[1 - me]", "the opponent's pieces on the bar"),
    "opponent.to_go": ("_to_go(st, 1 - me)", "the points the opponent's pieces have still to go, summed"),
    "ply": ("st.ply", "moves played (rolls included)"),
}
FUNCTIONS = {
    "own_on": "the player's pieces on the zone's points",
    "enemy_on": "the opponent's pieces on the zone's points (as the player numbers them)",
}


def vocabulary(spec: dict, zones: list[str], option_values=None) -> Vocabulary:
    names = {k: Symbol(INT, code) for k, (code, _about) in NAMES.items()}
    for i, z in enumerate(zones):
        names[z] = Symbol(ZONE, repr(i))
    names.update(option_symbols(spec, option_values))
    functions = {
        "own_on": Function(((ZONE,),), INT, lambda a, t: f"_on(st, me, {a[0]})", FUNCTIONS["own_on"]),
        "enemy_on": Function(((ZONE,),), INT, lambda a, t: f"_on(st, 1 - me, {a[0]}, me)", FUNCTIONS["enemy_on"]),
    }
    return Vocabulary(names, functions)


__all__ = ["FUNCTIONS", "NAMES", "vocabulary"]
