"""Plain data classes (structs) for the modules every command loads: what @dataclass makes (the
annotated fields in order, defaults, `repr`, `==`; frozen ones read-only and hashable) without
generating and compiling code for each class at import. A dataclass costs about 0.4 ms to make;
the seventeen on the way of a cached `rulebook moves FILE` were a quarter of its own time, and
start-up time is a feature. Modules off that way (players, matches) keep using dataclasses.

    @struct                      @struct(frozen=True)
    class Kind:                  class Place:
        name: str                    line: int
        moves: list = field(default_factory=list)

A struct derived from a struct has the base's fields first, then its own.
"""
from __future__ import annotations

_MISSING = object()


class field:  # noqa: N801 - spelled as dataclasses.field, which it stands for
    """A field's default made fresh for each instance (default_factory), or a plain default."""
    __slots__ = ("default", "default_factory")

    def __init__(self, *, default=_MISSING, default_factory=_MISSING):
        self.default, self.default_factory = default, default_factory


def struct(cls=None, *, frozen: bool = False):
    """Make `cls` a struct (see the module's docstring); usable with or without arguments."""
    if cls is None:
        return lambda c: _make(c, frozen)
    return _make(cls, frozen)


def _make(cls, frozen: bool):
    # the fields of a struct it derives from come first (several classes sharing their first fields)
    base = next((b for b in cls.__mro__[1:] if "_fields" in b.__dict__), None)
    own = tuple(cls.__dict__.get("__annotations__", {}))
    names = (base._fields if base else ()) + own
    defaults: dict[str, object] = dict(base._defaults) if base else {}   # name -> a value, or a field with a factory
    for name in own:
        if name in cls.__dict__:
            value = cls.__dict__[name]
            if isinstance(value, field):
                if value.default_factory is _MISSING:
                    value = value.default
                    setattr(cls, name, value)
                else:
                    delattr(cls, name)
            defaults[name] = value
        elif defaults:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one with a default")
    required = len(names) - len(defaults)

    def __init__(self, *values, **named):
        if len(values) > len(names):
            raise TypeError(f"{cls.__name__} takes at most {len(names)} values ({len(values)} given)")
        given = dict(zip(names, values))
        for key, value in named.items():
            if key not in names or key in given:
                raise TypeError(f"{cls.__name__}: unexpected or repeated field {key!r}")
            given[key] = value
        if len(given) < required and any(n not in given for n in names[:required]):
            missing = [n for n in names[:required] if n not in given]
            raise TypeError(f"{cls.__name__}: missing {', '.join(missing)}")
        state = self.__dict__
        for name in names:
            if name in given:
                state[name] = given[name]
            else:
                d = defaults[name]
                state[name] = d.default_factory() if isinstance(d, field) else d

    def __repr__(self):
        return f"{cls.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in names)})"

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in names)

    cls.__init__, cls.__repr__, cls.__eq__, cls._fields, cls._defaults = __init__, __repr__, __eq__, names, defaults
    if frozen:
        def __setattr__(self, name, value):
            raise AttributeError(f"{cls.__name__} is read-only: cannot set {name!r}")

        def __delattr__(self, name):
            raise AttributeError(f"{cls.__name__} is read-only: cannot delete {name!r}")

        def __hash__(self):
            return hash(tuple(getattr(self, n) for n in names))

        cls.__setattr__, cls.__delattr__, cls.__hash__ = __setattr__, __delattr__, __hash__
    else:
        cls.__hash__ = None         # mutable and compared by value: unhashable, as a dataclass
    return cls


def replace(obj, **changes):
    """A copy of the struct `obj` with some fields changed (dataclasses.replace)."""
    return obj.__class__(**{**{n: getattr(obj, n) for n in obj._fields}, **changes})
