"""phases: how a tile game is played, in each rule set's form. Track tiles: a phase that builds
(draw: tiles, place: adjacent), then optionally one that sells (sell, start, until); sides of
several kinds: one phase that builds and discards what fits nowhere; stones on path tiles: one
phase that draws into the hands and lays a tile in front of the mover's stone."""
from __future__ import annotations

from ....lang import dsl
from ....lang.expr import BOOL, INT
from ....structs import struct
from . import SEAT, TRACK, claim as claims

KEY = "phases"
ABOUT = ("track: a phase that builds (`draw: tiles, place: adjacent`), then optionally one that sells (`sell`, "
         "`start`, `until`); sides: `draw: tiles, place: adjacent, unplaceable: discard`; paths: `draw: hands, "
         "place: facing`")
NAMES = {SEAT: {"ply": (INT, "st.ply")},
         (SEAT, TRACK): {"tolls": (INT, "st.tolls[me]"), "passes": (INT, "st.passes")}}     # of a sell phase

_GRID_PHASE_KEYS = ("turns", "move", "let", "landing")


@struct
class TilePhase:
    name: str
    kind: str                       # "build" | "sell"
    start: str                      # "first" | "after_last"
    until: dsl.Node | None
    sell: dict | None               # {"from": feature, "to": feature, "toll": int}
    path: tuple


def track(ch, typed, features: list[str], claim: list[str]) -> list[TilePhase]:
    """The phases of track tiles; `typed(path, expect, what)` types an `until`."""
    spec = ch.src.data

    def known_feature(path, f, what):
        return claims.known(ch, path, f, features, what)

    phases: list[TilePhase] = []
    for i, ph in enumerate(spec["phases"]):
        path = ("phases", i)
        for k in _GRID_PHASE_KEYS:
            if k in ph:
                ch.error(path + (k,), f"'{k}' belongs to grid phases, not to an open board", key=True)
        builds = "draw" in ph or "place" in ph
        if builds and not ("draw" in ph and "place" in ph):
            ch.error(path, f"phase '{ph['name']}' builds: it needs both draw: tiles and place: adjacent", key=True)
        if builds and "sell" in ph:
            ch.error(path + ("sell",), f"phase '{ph['name']}' both builds and sells: make them two phases", key=True)
        kind = "build" if builds else "sell" if "sell" in ph else None
        if kind is None:
            ch.error(path, f"phase '{ph['name']}' does nothing: a phase of an open board builds "
                           "(draw: tiles, place: adjacent) or sells (sell: ...)", key=True)
            continue
        if i == 0 and kind != "build":
            ch.error(path, "the first phase of an open board builds it (draw: tiles, place: adjacent)", key=True)
        if i > 0 and kind == "build":
            ch.error(path, "only the first phase builds: the board is built once", key=True)
        if kind == "sell" and any(p.kind == "sell" for p in phases):
            ch.error(path, "an open board has at most one sell phase", key=True)
        start_rule = ph.get("start", "first" if i == 0 else "after_last")
        if i == 0 and start_rule == "after_last":
            ch.error(path + ("start",), "the first phase has no last player to follow: start: first")
        sell = None
        if kind == "sell":
            s = ph["sell"]
            spath_ = path + ("sell",)
            ok = known_feature(spath_ + ("from",), s["from"], "sell.from") & \
                known_feature(spath_ + ("to",), s["to"], "sell.to")
            if ok:
                if s["from"] == s["to"]:
                    ch.error(spath_ + ("to",), "a sale carries a counter to another feature than it comes from")
                if s["from"] not in claim:
                    ch.error(spath_ + ("from",), f"'{s['from']}' tiles never hold a counter to sell: "
                                                 "add it to counters.claim")
                if s["to"] in claim:
                    ch.error(spath_ + ("to",), f"'{s['to']}' tiles receive counters by sales: they cannot also "
                                               "be claimed (counters.claim)")
            if "routes" not in spec:
                ch.error(spath_, "selling carries counters along routes: it needs routes.stop", key=True)
            sell = {"from": s["from"], "to": s["to"], "toll": s.get("toll", 0)}
        until = typed(path + ("until",), (BOOL,), f"phase {ph['name']}'s until") if "until" in ph else None
        phases.append(TilePhase(ph["name"], kind, start_rule, until, sell, path))
    return phases


def sides(ch) -> None:
    """Sides of several kinds: one phase that builds."""
    phases = ch.src.data["phases"]
    if len(phases) != 1:
        ch.error(("phases",), "tiles with sides of several kinds are played in one phase that builds")
    ph = phases[0]
    for k in ph:
        if k not in ("name", "draw", "place", "unplaceable"):
            ch.error(("phases", 0, k), f"'{k}' is not a word of this phase (draw, place, unplaceable)", key=True)
    if ph.get("draw") != "tiles" or ph.get("place") != "adjacent" or ph.get("unplaceable") != "discard":
        ch.error(("phases", 0), "the phase builds: draw: tiles, place: adjacent, unplaceable: discard", key=True)


def paths(ch) -> None:
    """Stones on path tiles: one phase, draw: hands and place: facing."""
    phases = ch.src.data["phases"]
    if len(phases) != 1:
        ch.error(("phases",), "a game of stones on path tiles has one phase (draw: hands, place: facing)")
    ph = phases[0]
    for k in ("turns", "plies", "move", "let", "landing", "sell", "until", "start", "priority", "legal"):
        if k in ph:
            ch.error(("phases", 0, k), f"'{k}' is not a word of a phase of stones on path tiles", key=True)
    if ph.get("draw") != "hands" or ph.get("place") != "facing":
        ch.error(("phases", 0), f"phase '{ph['name']}' needs draw: hands and place: facing", key=True)
