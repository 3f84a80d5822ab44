"""What a pattern (a regular expression over action words) is made of and what it can do, read
from its words (words/): its actions, whether it can or must capture, whether two ways through a
kind's patterns can give one move. The checker, the generator, apply and the notation ask here."""
from __future__ import annotations

import itertools

from ...lang import dsl
from .words import WORDS, keyword


def pattern_actions(node) -> list[dsl.Action]:
    """Every action of a pattern, in order."""
    if isinstance(node, dsl.Action):
        return [node]
    if isinstance(node, (dsl.Alt, dsl.Seq)):
        return pattern_actions(node.left) + pattern_actions(node.right)
    if isinstance(node, dsl.Rep):
        return pattern_actions(node.body)
    return []


def optional(node) -> bool:
    """Can a way through the pattern take no action at all?"""
    if isinstance(node, dsl.Seq):
        return optional(node.left) and optional(node.right)
    if isinstance(node, dsl.Alt):
        return optional(node.left) or optional(node.right)
    if isinstance(node, dsl.Rep):
        return node.quant in ("?", "*", "*+") or optional(node.body)
    return False


def first_actions(node) -> list[dsl.Action]:
    """The actions a way through the pattern can start with."""
    if isinstance(node, dsl.Action):
        return [node]
    if isinstance(node, dsl.Seq):
        return first_actions(node.left) + (first_actions(node.right) if optional(node.left) else [])
    if isinstance(node, dsl.Alt):
        return first_actions(node.left) + first_actions(node.right)
    if isinstance(node, dsl.Rep):
        return first_actions(node.body)
    return []


def conditions(phase) -> list:
    """The phase's when(...) actions (the slides kept within a zone, and the strides, whose count
    is a condition), in order: `skip` names the n-th one as ("when", n)."""
    return [a for _k, alts in phase.kinds for p in alts + phase.places for a in pattern_actions(p)
            if a.name in ("when", "stride") or "within" in a.kwargs]


def captures(node) -> bool:
    """Can an action of this pattern capture?"""
    return any(WORDS[a.name].can_capture(a) for a in pattern_actions(node))


def always_captures(n) -> bool:
    """Does every way through this pattern capture?"""
    if isinstance(n, dsl.Action):
        return WORDS[n.name].always_captures(n)
    if isinstance(n, dsl.Seq):
        return always_captures(n.left) or always_captures(n.right)
    if isinstance(n, dsl.Alt):
        return always_captures(n.left) and always_captures(n.right)
    if isinstance(n, dsl.Rep):
        return n.quant in ("+", "++") and always_captures(n.body)
    return False


def effects(node) -> set[str]:
    """What a move made by this pattern may do besides moving its piece (capture, flip, shot, shift)."""
    return set().union(*(WORDS[a.name].effects(a) for a in pattern_actions(node)))


def phase_effects(ph) -> set[str]:
    """What a move of a phase can do besides moving its piece: its patterns' and placements' effects."""
    return set().union(*(effects(p) for p in ph.patterns + ph.places))


def captures_elsewhere(node) -> bool:
    """Can a move made by this pattern capture a piece off the cell it ends on? Not when every
    capture is of the piece a landing word lands on and no landing can follow it (a capturing
    step last in its sequence, a hop); a jump's, a take's, a custodial capture's can."""
    return _away(node, False)


def _away(node, followed: bool) -> bool:
    """captures_elsewhere of a part of a pattern, `followed`: a landing may come after it."""
    if isinstance(node, dsl.Action):
        w = WORDS[node.name]
        return "capture" in w.effects(node) and (followed or not w.captures_on_landing(node))
    if isinstance(node, dsl.Seq):
        return _away(node.left, followed or _lands(node.right)) or _away(node.right, followed)
    if isinstance(node, dsl.Alt):
        return _away(node.left, followed) or _away(node.right, followed)
    if isinstance(node, dsl.Rep):       # repeated, the body follows itself
        return _away(node.body, followed or (node.quant != "?" and _lands(node.body)))
    return False


def _lands(node) -> bool:
    return any(WORDS[a.name].lands for a in pattern_actions(node))


def starts_with_flip(n) -> bool:
    first = pattern_actions(n)[:1]
    return bool(first) and first[0].name == "flip" and isinstance(first[0].args[0], dsl.Name) and \
        not (isinstance(n, dsl.Rep) and n.quant == "?")


def bulk_step(a) -> bool:
    """A lone step with no other option than capture: found for every piece at once."""
    return isinstance(a, dsl.Action) and a.name == "step" and isinstance(a.args[0], dsl.Name) \
        and set(a.kwargs) <= {"capture"}


def may_repeat(alternatives, vectors) -> bool:
    """Could two ways through one kind's patterns give the same move? Then its moves are
    deduplicated. Not when each alternative on its own gives distinct moves (a fixed sequence of
    actions, or a chain of capturing actions: captures are told apart by their paths), and any two
    alternatives either differ in capturing (one always does, the other never), or in shifting
    (a fixed sequence with a shift always moves a second piece, one without never), or first land
    in different directions (`vectors`: direction set name -> its vectors, every seat), or land
    on cells that cannot be one (steps_apart), or each places its own kind (a drop from the hand:
    the moves differ in the piece put down)."""
    if any(not (_straight(p) or _capture_chain(p)) for p in alternatives):
        return True
    for a, b in itertools.combinations(alternatives, 2):
        if always_captures(a) != always_captures(b) and not (captures(a) and captures(b)):
            continue
        if _straight(a) and _straight(b) and ("shift" in effects(a)) != ("shift" in effects(b)):
            continue
        if steps_apart(a, b, vectors):
            continue
        fa, fb = _first_landing(a), _first_landing(b)
        if fa.name == "place" and fb.name == "place" and _kinds_differ(fa, fb):
            continue        # each places its own kind: the moves differ in the piece put down
        if fa.name == "place" or fb.name == "place":
            return True
        va, vb = (vectors.get(x.args[0].dotted) if x.args and isinstance(x.args[0], dsl.Name) else None
                  for x in (fa, fb))
        if va is None or vb is None or va & vb:
            return True
    return False


def _first_landing(p) -> dsl.Action:
    """The first action of a pattern that moves the piece (a condition before it moves nothing),
    else its first action."""
    acts = pattern_actions(p)
    return next((x for x in acts if WORDS[x.name].lands), acts[0])


def steps_apart(a, b, vectors) -> bool:
    """Do two fixed sequences whose only landings are steps along one direction set D always end
    on different cells? They do where both make one step, onto an enemy piece (capture=only) in
    one and onto an empty cell (capture=no) in the other; or where D is one nonzero vector for
    each seat and one makes a step more than the other (k and k + 1 steps of one vector end a step
    apart: no cell is its own neighbour)."""
    sa, sb = _steps(a), _steps(b)
    if sa is None or sb is None or sa[0] != sb[0]:
        return False
    (d, na, ca), (_d, nb, cb) = sa, sb
    if na == nb == 1 and {ca, cb} == {"only", "no"}:
        return True
    vecs = vectors.get(d) or ()
    seats = [seat for seat, _v in vecs]
    one_vector = bool(vecs) and len(seats) == len(set(seats)) and \
        all(isinstance(v, tuple) and any(v) for _seat, v in vecs)
    return one_vector and abs(na - nb) == 1


def _steps(p) -> tuple[str, int, str] | None:
    """(D, how many steps, the first step's capture option) where `p` is a fixed sequence whose
    landings are all `step(D)`; else None."""
    if not _straight(p):
        return None
    steps = [x for x in pattern_actions(p) if WORDS[x.name].lands]
    if not steps or any(x.name != "step" or not isinstance(x.args[0], dsl.Name) for x in steps):
        return None
    names = {x.args[0].dotted for x in steps}
    return (names.pop(), len(steps), keyword(steps[0], "capture", "no")) if len(names) == 1 else None


def _kinds_differ(fa, fb) -> bool:
    ka, kb = fa.kwargs.get("kind"), fb.kwargs.get("kind")
    return isinstance(ka, dsl.Name) and isinstance(kb, dsl.Name) and ka.dotted != kb.dotted


def _capture_chain(p) -> bool:
    """A repetition of one capturing action (each move of it is a distinct path)."""
    if isinstance(p, dsl.Seq):
        return _capture_chain(p.left) and _capture_chain(p.right)
    if isinstance(p, dsl.Rep):
        return p.quant != "?" and isinstance(p.body, dsl.Action) and always_captures(p.body)
    return isinstance(p, dsl.Action) and always_captures(p)


def parts(p) -> tuple[dsl.Action, list[dsl.Node]] | None:
    """A move of parts: a sequence of two or more actions with no choice in it (`slide shoot`),
    split into its first action and the later ones in order; None for any other pattern."""
    if isinstance(p, dsl.Seq) and _straight(p):
        acts = pattern_actions(p)
        return acts[0], acts[1:]
    return None


def _straight(p) -> bool:
    """A sequence of actions with no choice in it (each action still branches over its cells)."""
    if isinstance(p, dsl.Action):
        return True
    return isinstance(p, dsl.Seq) and _straight(p.left) and _straight(p.right)


__all__ = ["always_captures", "bulk_step", "captures", "conditions", "effects", "keyword", "may_repeat",
           "parts", "phase_effects", "pattern_actions", "starts_with_flip"]
