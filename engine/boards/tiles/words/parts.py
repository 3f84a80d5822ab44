"""scoring as feature parts (sides of several kinds): each part names a feature and what it scores
when completed (`complete`) and at the end (`end`), to the seats with the most counters on it."""
from __future__ import annotations

from ....lang import dsl
from ....lang.expr import BOOL, INT, suggest
from ....structs import struct
from . import FEATURE, FEATURE_TYPE, SEAT

KEY = "scoring.P.feature, scoring.P.complete, scoring.P.end"
ABOUT = ("a part per feature, `{feature, complete, end}`: what a feature scores "
         "when completed and at the end, a number or an expression of the feature")
_F = ((FEATURE_TYPE,),)
NAMES = {FEATURE: {"tiles": (INT, "len(F.cells)"), "complete": (BOOL, "(F.open == 0)")},
         SEAT: {"score": (INT, "sum(st.points[me])"),
                "lead": (INT, "(sum(st.points[me]) - "
                              "max([sum(p) for i, p in enumerate(st.points) if i != me] or [0]))")}}
FUNCTIONS = {FEATURE: {
    "touching": (_F, INT, "FS.touching(F, {0})", "the features of this kind that touch it"),
    "touching_complete": (_F, INT, "FS.touching(F, {0}, True)", "the completed features of this kind that touch it"),
}}


@struct
class EdgePart:
    name: str
    feature: str
    complete: dsl.Node | None
    end: dsl.Node | None


def check(ch, typed, features: list[str]) -> list[EdgePart]:
    """The parts; `typed(path, what)` types a `complete` or `end` in the words of a feature."""
    spec = ch.src.data
    parts: list[EdgePart] = []
    if "scoring" not in spec:
        ch.error((), "a tile game needs 'scoring': named parts; the highest total wins", key=True)
    for pname, pd in (spec.get("scoring") or {}).items():
        path = ("scoring", pname)
        if not isinstance(pd, dict):
            ch.error(path, f"scoring part {pname}: with tiles.sides a part is {{feature, complete, end}}: what "
                           "a feature scores when completed and at the end")
            continue
        if pd["feature"] not in features:
            ch.error(path + ("feature",), f"unknown feature '{pd['feature']}'{suggest(pd['feature'], features)}")
            continue
        if any(p.feature == pd["feature"] for p in parts):
            ch.error(path + ("feature",), f"feature '{pd['feature']}' is scored by two parts")
        got = {k: (_number(pd[k]) if isinstance(pd[k], int) else
                   typed(path + (k,), f"scoring part {pname}'s {k}")) if k in pd else None
               for k in ("complete", "end")}
        parts.append(EdgePart(pname, pd["feature"], got["complete"], got["end"]))
    return parts


def _number(value: int) -> dsl.Node:
    """A whole number written as such (`complete: 9`), as the expression it stands for."""
    node = dsl.parse(str(value), "expr")
    node.type, node.level = INT, 0
    return node
