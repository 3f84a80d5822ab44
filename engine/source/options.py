"""Option values of a checked game file: --option texts resolved against its declarations.

Apart from check.py so that a game served from the compile cache resolves its options without
importing the checks (JSON Schema, the rules language's parser) or the YAML loader.
"""
from __future__ import annotations

from typing import Any

__all__ = ["option_symbols", "resolve_options"]


def resolve_options(spec: dict, given: dict[str, str] | None, file: str) -> dict[str, Any]:
    """Option values from --option K=V texts (or already typed values), checked against the file."""
    from ..api import RulebookError
    declared = spec.get("options") or {}
    values = {k: o.get("default") for k, o in declared.items()}
    for key, raw in (given or {}).items():
        if key not in declared:
            known = ", ".join(sorted(declared)) or "none"
            raise RulebookError(f"{file}: unknown option '{key}' (this game's options: {known})")
        o = declared[key]
        default = o.get("default")
        value: Any = raw
        if isinstance(raw, str):
            if isinstance(default, bool):
                if raw.lower() not in ("true", "false", "yes", "no", "1", "0"):
                    raise RulebookError(f"option {key}: '{raw}' is not true or false")
                value = raw.lower() in ("true", "yes", "1")
            elif isinstance(default, int):
                try:
                    value = int(raw)
                except ValueError:
                    raise RulebookError(f"option {key}: '{raw}' is not a whole number") from None
            elif isinstance(default, float):
                try:
                    value = float(raw)
                except ValueError:
                    raise RulebookError(f"option {key}: '{raw}' is not a number") from None
        if "choices" in o and value not in o["choices"]:
            raise RulebookError(f"option {key}: '{raw}' is not one of: {', '.join(map(str, o['choices']))}")
        if isinstance(value, int) and not isinstance(value, bool):
            if "min" in o and value < o["min"]:
                raise RulebookError(f"option {key}: {value} is below the minimum {o['min']}")
            if "max" in o and value > o["max"]:
                raise RulebookError(f"option {key}: {value} is above the maximum {o['max']}")
        values[key] = value
    return values


def option_symbols(spec: dict, values: dict | None = None) -> dict:
    """`option.NAME` for every declared option: a constant compiled into the rules."""
    from ..lang.expr import BOOL, CHOICE, INT, Symbol
    out = {}
    for name, o in (spec.get("options") or {}).items():
        v = (values or {}).get(name, o.get("default"))
        if isinstance(v, bool):
            out[f"option.{name}"] = Symbol(BOOL, repr(v))
        elif isinstance(v, (int, float)):        # a number (a decimal one counts with the integers)
            out[f"option.{name}"] = Symbol(INT, repr(v))
        else:
            out[f"option.{name}"] = Symbol(CHOICE, repr(v), choices=tuple(o.get("choices", [v])))
    return out
