"""The action words of grid patterns, one module each (base.py says what a word holds). The
checker (rules.py), the move generator (movegen.py), apply (state.py), the notation and the prose
of `rulebook rules` all walk WORDS: a new word is a new module here and its name below.

A word's module is imported when the word is first looked up, not with this package: a game run
from the compile cache loads only the words it uses (start-up time is a feature)."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from .base import DIRS, ZONE, Word, keyword

# each word's name is its module's name; the order is the one messages list them in
NAMES = ("step", "slide", "jump", "place", "drop", "flip", "shoot", "when", "take", "shift", "custodial", "hop",
         "surround", "stride", "turn", "enclose", "sow", "fly", "remove")


class Registry(Mapping):
    """The words by name, each module imported on its first lookup."""

    def __init__(self, names: tuple[str, ...]):
        self._names, self._words = names, {}

    def __getitem__(self, name: str) -> Word:
        word = self._words.get(name)
        if word is None:
            if name not in self._names:
                raise KeyError(name)
            word = self._words[name] = import_module(f"{__name__}.{name}").WORD
        return word

    def __contains__(self, name) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


WORDS: Mapping[str, Word] = Registry(NAMES)


class Sentences(Mapping):
    """Each word's sentence (how the prose of the rules says the action), by name: a word's
    module is imported when its sentence is first read, so a game's info names every word
    without loading them all."""

    def __getitem__(self, name: str) -> str:
        return WORDS[name].sentence

    def __iter__(self) -> Iterator[str]:
        return iter(NAMES)

    def __len__(self) -> int:
        return len(NAMES)


SENTENCES: Mapping[str, str] = Sentences()

__all__ = ["DIRS", "NAMES", "SENTENCES", "WORDS", "ZONE", "Registry", "Sentences", "Word", "keyword"]
