"""Generated Python, compiled once per game: the one place that turns source text into code.

Each piece of source is registered with `linecache` under a name that says where it came from
(`<games/race.yaml:phases.1>`), so a traceback, `pdb` or `inspect.getsource` shows the
generated lines themselves; `RULEBOOK_DEBUG=1` tracebacks then read like ordinary code.
"""
from __future__ import annotations

import linecache

from .lang.expr import divide

# what generated code may call besides the game's own tables
RUNTIME = {"_divide": divide}


def define(source: str, name: str, where: str, namespace: dict):
    """Compile `source`, run it in `namespace` and return what it defines as `name`."""
    for key, value in RUNTIME.items():
        namespace.setdefault(key, value)
    filename = f"<{where}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)
    return namespace[name]
