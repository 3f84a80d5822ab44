"""The error types of rulebook, in one place.

Every error a user can cause is a RulebookError: the command line reports it as one clear line
(exit 1), never a traceback. Defined here: RulebookError and IllegalMove. Re-exported from the
stages that define their own: GameFileError and Finding (a game file's located findings, from
source/load.py) and DslError (a rules-language string that does not parse, from lang/dsl.py; the checks turn
it into a finding). Those are imported on first use, so that this module imports nothing and
every stage may import it.

Positions and records that cannot be read raise RulebookError with a message naming the file
(`FILE: ...`); players that cannot be made from their spec raise RulebookError too. The match
driver's control requests (players.UndoRequest, players.QuitRequest) are not errors.
"""
from __future__ import annotations

__all__ = ["RulebookError", "IllegalMove", "GameFileError", "Finding", "DslError"]


class RulebookError(Exception):
    """Bad input of any kind: reported to the user as one clear line, never a traceback."""


class IllegalMove(RulebookError, ValueError):
    """A move text that is not legal (or not parseable) in the given position."""

    def __init__(self, message: str, legal_count: int = 0):
        super().__init__(message)
        self.legal_count = legal_count


def lazy_names(module: str, package: str, table: dict[str, str]):
    """__getattr__ and __dir__ for the module `module` whose names in `table` (name -> a
    submodule of `package`) are imported on first use, then kept in its globals."""
    import sys

    def __getattr__(name: str):
        where = table.get(name)
        if where is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        from importlib import import_module
        value = getattr(import_module(f".{where}", package), name)
        setattr(sys.modules[module], name, value)
        return value

    def __dir__():
        return sorted(set(vars(sys.modules[module])) | set(table))
    return __getattr__, __dir__


# defined by their stages (source/load.py and lang/dsl.py import api, which imports this module: importing
# them here at the top would be a cycle), imported when first asked for
__getattr__, __dir__ = lazy_names(__name__, __package__, {"GameFileError": "source.load", "Finding": "source.load",
                                                          "DslError": "lang.dsl"})
