"""engine/structs.py: what the data classes of the start-up path rely on."""
from __future__ import annotations

import pickle

import pytest

from rulebook.structs import field, replace, struct


@struct
class Kind:
    name: str
    reserve: int = 0
    promote_to: list = field(default_factory=list)


@struct(frozen=True)
class Place:
    line: int
    column: int
    file: str | None = None


def test_fields_by_position_or_name_with_defaults():
    k = Kind("man", promote_to=["king"])
    assert (k.name, k.reserve, k.promote_to) == ("man", 0, ["king"])
    assert repr(k) == "Kind(name='man', reserve=0, promote_to=['king'])"
    assert Kind("a").promote_to is not Kind("a").promote_to      # a fresh list each time


def test_wrong_arguments_are_refused():
    with pytest.raises(TypeError, match="missing name"):
        Kind()
    with pytest.raises(TypeError, match="unexpected"):
        Kind("a", colour=1)
    with pytest.raises(TypeError, match="at most 3"):
        Kind("a", 1, [], 4)
    with pytest.raises(TypeError, match="repeated"):
        Kind("a", name="b")


def test_equality_and_hashing():
    assert Kind("a") == Kind("a") and Kind("a") != Kind("b")
    with pytest.raises(TypeError):
        hash(Kind("a"))                     # mutable: unhashable, as a dataclass
    assert {Place(1, 2): 1}[Place(1, 2)] == 1 and Place(1, 2) != Place(1, 3)


def test_frozen_is_read_only_and_replace_copies():
    p = Place(3, 4)
    with pytest.raises(AttributeError, match="read-only"):
        p.line = 5
    with pytest.raises(AttributeError, match="read-only"):
        del p.line
    q = replace(p, file="base.yaml")
    assert (q.line, q.column, q.file, p.file) == (3, 4, "base.yaml", None)


def test_pickles_round_trip():
    for value in (Kind("man", 2, ["king"]), Place(1, 2, "x.yaml")):
        assert pickle.loads(pickle.dumps(value)) == value


def test_a_required_field_after_a_default_is_refused():
    with pytest.raises(TypeError, match="without a default"):
        @struct
        class Bad:
            a: int = 0
            b: int


@struct
class Seated:
    spec: dict
    seats: int = 2


@struct
class Dealt(Seated):
    hand: list = field(default_factory=list)


def test_a_derived_struct_has_its_bases_fields_first():
    d = Dealt({"game": "x"}, 3, [1])
    assert Dealt._fields == ("spec", "seats", "hand") and (d.spec, d.seats, d.hand) == ({"game": "x"}, 3, [1])
    assert Dealt({}).seats == 2 and Dealt({}).hand is not Dealt({}).hand
    assert Dealt({}, hand=[2]) == Dealt({}, 2, [2]) != Seated({}, 2)
    assert pickle.loads(pickle.dumps(d)) == d
