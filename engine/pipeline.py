"""One way through: load a game file (source stage), check it, and hand it to its board kind,
found through the registry of rulebook.boards, whose rules compile into a Game."""
from __future__ import annotations

from .structs import struct
from pathlib import Path
from typing import Any

from .api import Game
from .boards import KINDS, checker, kind_of

# the source stage (YAML, JSON Schema, the rules language's parser) is imported only when a file
# is checked, not when it comes from the compile cache: see _check and load_game

__all__ = ["check_file", "load_game", "GameFactory", "GameFileFactory"]


def check_file(path: str | Path, text: str | None = None):
    """Load and check a game file; return the checked rules or raise GameFileError.

    A file (not a given text) that checks clean is kept in the compile cache (rulebook/cache.py),
    keyed by its path, exact bytes, the paths and bytes of the base files it `extends`, and the
    engine version: the same file loads from there.
    """
    key = None
    if text is None:
        from . import cache
        rules, key = cache.load(path)
        if rules is not None:
            return rules
    rules = _check(path, text)
    if key is not None:
        cache.store(path, key, rules)
    return rules


def game_files(folder: str | Path) -> list[str]:
    """The game files of a folder (by their names' endings), in name order."""
    from .source.load import GAME_FILE_SUFFIXES
    folder = Path(folder)
    return sorted(str(p) for p in folder.iterdir() if p.name.lower().endswith(GAME_FILE_SUFFIXES)) \
        if folder.is_dir() else []


def merged_file(path: str | Path) -> str:
    """A game file merged with the bases it `extends`, as the YAML of one game file (`rulebook
    merge`); GameFileError for a chain the loader refuses. Only the merge is checked."""
    from .source.load import base_files, dump_merged, load_source
    src = load_source(path)
    bases = [name for name, _ in base_files(path, Path(path).read_bytes())]
    return dump_merged(src, bases)


def _check(path: str | Path, text: str | None):
    from .source.check import Checker, check_glossary, check_look, check_notation, check_options, check_structure
    from .source.load import load_source

    src = load_source(path, text)
    ch = Checker(src)
    if not isinstance(src.data, dict):
        ch.error((), "a game file is a mapping of sections (game, players, board, ...)")
        ch.raise_if_any()
    check_structure(ch)
    ch.raise_if_any()       # the words below rely on the structure being right
    check_options(ch)
    check_look(ch)          # by the file's own words: any kind
    check_glossary(ch)
    check_notation(ch)
    kind = kind_of(src.data["board"])
    if kind is None:        # the structure check names the kinds; this is a second guard
        ch.error(("board",), f"'board' needs one of: {', '.join(KINDS)}")
        ch.raise_if_any()
    rules = checker(kind)(ch)
    ch.raise_if_any()
    return rules


def load_game(path: str | Path, options: dict[str, Any] | None = None, players: int | None = None,
              instrument: bool = False, **option_values: Any) -> Game:
    """The Game of a game file, compiled for these option values and number of seats.

    Options are given as keywords (`load_game("race.yaml", max_plies=500)`) or as a mapping
    (`options={"max_plies": "500"}`, texts as `--option` takes them, or values); `players` is the
    number of seats of a game with a variable count (None: the file's default). Raises
    GameFileError (a RulebookError) for a broken file, with every finding located, and
    RulebookError for a missing file, an unknown option or a bad value or seat count.
    """
    from .source.options import resolve_options

    if option_values:
        options = {**(options or {}), **option_values}
    rules = check_file(path)
    values = resolve_options(rules.spec, options, str(path))
    return rules.compile(values, players, instrument=instrument)


@struct(frozen=True)
class GameFactory:
    """A picklable recipe for a Game (a file, option texts, seats): what workers load."""
    path: str
    options: tuple[tuple[str, Any], ...] = ()
    seats: int | None = None
    instrument: bool = False

    def __call__(self):
        return load_game(self.path, dict(self.options), self.seats, instrument=self.instrument)


GameFileFactory = GameFactory
"""The same recipe under the name that says what it reads: a game file."""
