"""What generated Python reads and calls, found by a tokenizer of its lines and by Python's own
`ast`, and the edits made on that basis: a word inside a string or a comment is not a name, and
a call is a call wherever it stands on its line.

The generators write their code as lines; the passes that trim and move it (the prologue kept to
the names a body reads, hoisted lines kept where a search needs them, nested functions moved to
the module) ask these questions of it.
"""
from __future__ import annotations

import functools
import keyword
import re


def names(code: str) -> set[str]:
    """The names a piece of generated code mentions. The piece may be a fragment (an indented
    block cut out of a function, an expression), so it is read line by line, each line undented:
    the tokenizer needs no whole statement, and generated code repeats its lines, whose names
    are remembered."""
    out: set[str] = set()
    for line in code.split("\n"):
        out |= _line_names(line.strip())
    return out


# One line of Python as the tokenizer splits it, as far as names go: a string (any prefix, any
# quotes), a comment or a number is skipped whole, so the words inside them are not names; the
# rest of the words are. (tokenize itself costs 13 ms of regex compiling at each start-up.)
_TOKENS = re.compile(r"""(?x)
      [rRbBuUfF]{0,2}(?:'{3}.*?'{3}|"{3}.*?"{3}|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")   # a string
    | \#.*                                                                           # a comment
    | \.?\d[\w.]*                                                                    # a number
    | (?P<name>[^\W\d]\w*)                                                            # a name
""")


@functools.lru_cache(maxsize=1 << 16)
def _line_names(line: str) -> frozenset[str]:
    return frozenset(n for m in _TOKENS.finditer(line) if (n := m.group("name")) and not keyword.iskeyword(n))


def needed(lets: list[str], code: str) -> list[str]:
    """The `name = value` lines (in order) that `code` reads, directly or through one another."""
    wanted = names(code)
    keep = set()
    for line in reversed(lets):
        var, value = line.split(" = ", 1)
        if var in wanted or var in keep:
            keep.add(var)
            wanted |= names(value)
    return [line for line in lets if line.split(" = ", 1)[0] in keep]


def pass_on(source: str, calls: dict[str, tuple[str, list[str]]]) -> str:
    """`source` (a whole module) with each function f of `calls` (f -> (new name, extra
    parameters)) renamed, and the extra parameters added to its definition and passed on at
    every call of it (found in the module's `ast`, edited at their places)."""
    import ast
    edits: dict[int, list[tuple[int, int, str]]] = {}      # line -> (start col, end col, text)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name in calls:
            new, extra = calls[node.name]
            line = source.split("\n")[node.lineno - 1]
            start = line.index("def ", node.col_offset) + 4
            close = line.rindex(")")                        # a generated def is one line: `def f(a, b):`
            params = line[line.index("(", start) + 1:close]
            edits.setdefault(node.lineno, []).append(
                (start, close + 1, f"{new}({', '.join([p for p in [params] if p.strip()] + extra)})"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in calls:
            new, extra = calls[node.func.id]
            if node.lineno != node.end_lineno:
                raise ValueError(f"a call of {node.func.id} spans lines")
            f = node.func
            edits.setdefault(f.lineno, []).append((f.col_offset, f.end_col_offset, new))
            if extra:
                sep = ", " if node.args or node.keywords else ""
                at = node.end_col_offset - 1                # before the closing bracket
                edits[f.lineno].append((at, at, sep + ", ".join(extra)))
    lines = source.split("\n")
    for lineno, changes in edits.items():
        text = lines[lineno - 1]
        for start, end, new in sorted(changes, reverse=True):
            text = text[:start] + new + text[end:]
        lines[lineno - 1] = text
    return "\n".join(lines)
