"""The package's layout and import rules (docs/architecture.md), read from the source: every
import of every module under engine/ and grammar/ (lazy ones inside functions included), parsed
with ast, never by importing the modules."""
from __future__ import annotations

import ast
import subprocess
import sys
import tomllib

import pytest

from conftest import ROOT

ENGINE = ROOT / "engine"
GRAMMAR = ROOT / "grammar"

# the stage of each top-level module of the package; a new one must be placed here (and in
# docs/architecture.md) on purpose
TOP = {
    "rulebook": "core", "rulebook.__main__": "main", "rulebook.api": "core", "rulebook.errors": "core",
    "rulebook.pipeline": "core", "rulebook.cache": "core", "rulebook.codegen": "core",
    "rulebook.structs": "core",
    "rulebook.printable": "core",
}
PACKAGES = {"rulebook.source": "source", "rulebook.lang": "lang", "rulebook.grammar": "lang",
            "rulebook.players": "players", "rulebook.play": "play", "rulebook.cli": "cli",
            "rulebook.look": "look", "rulebook.web": "web", "rulebook.env": "env"}


def module_name(path) -> str:
    if path.is_relative_to(GRAMMAR):
        parts = ["rulebook", "grammar", *path.relative_to(GRAMMAR).with_suffix("").parts]
    else:
        parts = ["rulebook", *path.relative_to(ENGINE).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, object]:
    files = sorted(ENGINE.rglob("*.py")) + sorted(GRAMMAR.rglob("*.py"))
    return {module_name(p): p for p in files if "__pycache__" not in p.parts}


MODULES = modules()


def stage(name: str) -> str:
    if name in TOP:
        return TOP[name]
    for pkg, st in PACKAGES.items():
        if name == pkg or name.startswith(pkg + "."):
            return st
    if name == "rulebook.boards":
        return "registry"
    if name.startswith("rulebook.boards."):
        return "kind:" + name.split(".")[2]
    return "unplaced"


def imports(name: str) -> set[str]:
    """The rulebook modules a module imports (a name imported from a package counts as the
    submodule when there is one, else as the package)."""
    path = MODULES[name]
    is_pkg = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                if not is_pkg:
                    base = base[:-1]
                base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = []
            for a in node.names:
                sub = f"{mod}.{a.name}"
                targets.append(sub if sub in MODULES else mod)
        else:
            continue
        for t in targets:
            if t == "rulebook" or t.startswith("rulebook."):
                # `import rulebook.x.y` names the deepest module that exists
                while t not in MODULES and "." in t:
                    t = t.rsplit(".", 1)[0]
                if t != name:
                    out.add(t)
    return out


GRAPH = {name: imports(name) for name in MODULES}


def edges(src_stage=None):
    for a, targets in GRAPH.items():
        if src_stage is None or stage(a) == src_stage or (src_stage == "kind" and stage(a).startswith("kind:")):
            for b in sorted(targets):
                yield a, b


def test_every_module_has_a_place():
    assert [m for m in MODULES if stage(m) == "unplaced"] == []


def test_source_and_lang_import_no_board_player_play_or_cli():
    bad = [(a, b) for st in ("source", "lang") for a, b in edges(st)
           if stage(b) in ("registry", "players", "play", "cli") or stage(b).startswith("kind:")]
    assert bad == []


def test_a_board_kind_never_imports_another():
    bad = [(a, b) for a, b in edges("kind") if stage(b).startswith("kind:") and stage(b) != stage(a)]
    assert bad == []


def test_board_kinds_sit_below_the_front_ends():
    bad = [(a, b) for a, b in edges("kind") if stage(b) in ("registry", "players", "play", "cli", "main", "look", "web", "env")
           or b == "rulebook.pipeline"]
    assert bad == []


def test_players_use_only_the_game_api():
    allowed = {"rulebook.api", "rulebook.errors", "rulebook.printable"}     # the human player prints safely
    bad = [(a, b) for a, b in edges("players") if stage(b) != "players" and b not in allowed]
    assert bad == []


def test_play_uses_players_and_the_game_api():
    allowed = {"rulebook.api", "rulebook.errors"}
    bad = [(a, b) for a, b in edges("play") if stage(b) not in ("play", "players") and b not in allowed]
    assert bad == []


def test_environments_use_the_pipeline_players_and_the_game_api():
    """rulebook.env loads a file through the pipeline, plays opponents through the players and
    reads a compiled game's data duck-typed: it imports no board kind, and nothing imports it."""
    # (source.options: the options of a file resolved as the pipeline does, for OpenSpiel's parameters)
    allowed = {"rulebook.api", "rulebook.errors", "rulebook.pipeline", "rulebook.source.options"}
    bad = [(a, b) for a, b in edges("env") if stage(b) not in ("env", "players") and b not in allowed]
    assert bad == [] and not [(a, b) for a, b in edges() if stage(b) == "env" and stage(a) != "env"]


def test_pictures_and_prose_read_games_through_the_api():
    """look draws from the Game API and the file's source (its `look:` section, its words for
    the prose): no board kind, pipeline, player or front-end."""
    allowed = {"rulebook.api", "rulebook.errors"}
    bad = [(a, b) for a, b in edges("look") if stage(b) not in ("look", "source", "lang") and b not in allowed]
    assert bad == []


def test_only_the_cli_and_the_web_page_sit_on_top():
    """Nothing below the front-ends imports the web page; the web page imports no CLI."""
    bad = [(a, b) for a, b in edges() if stage(b) == "web" and stage(a) not in ("web", "cli")]
    assert bad == [] and not [(a, b) for a, b in edges("web") if stage(b) == "cli"]


def test_nothing_imports_the_cli():
    bad = [(a, b) for a, b in edges() if stage(b) == "cli" and stage(a) not in ("cli", "main")]
    assert bad == []


def test_the_api_and_errors_stand_alone():
    assert GRAPH["rulebook.errors"] == set()       # GameFileError, DslError: importlib, on first use
    assert GRAPH["rulebook.api"] <= {"rulebook.errors", "rulebook.structs"}
    assert GRAPH["rulebook.structs"] == set()


def test_no_cycle_among_the_players():
    players = {m for m in MODULES if stage(m) == "players" and m != "rulebook.players"}
    ai = {"rulebook.players.random", "rulebook.players.greedy", "rulebook.players.mcts"}
    assert "rulebook.players.human" in players and ai <= players
    assert not GRAPH["rulebook.players.human"] & ai
    assert all("rulebook.players.human" not in GRAPH[m] for m in ai | {"rulebook.players.base"})
    # and none at all: a depth-first search over the players' modules finds no way back
    state: dict[str, int] = {}

    def visit(m, trail):
        state[m] = 1
        for n in GRAPH[m] & players:
            assert state.get(n) != 1, f"import cycle: {' -> '.join(trail + [n])}"
            if n not in state:
                visit(n, trail + [n])
        state[m] = 2

    for m in sorted(players):
        if m not in state:
            visit(m, [m])


def test_the_registry_names_every_kind():
    from rulebook.boards import KINDS, checker
    from rulebook.boards.grid import check_grid
    from rulebook.boards.tiles import check_tiles
    from rulebook.boards.track import check_track
    assert set(KINDS) == {"grid", "hex", "graph", "open", "ring", "track"}
    assert checker("grid") is checker("hex") is checker("graph") is checker("ring") is check_grid
    assert checker("open") is check_tiles
    assert checker("track") is check_track


def test_pyproject_lists_every_package():
    """The non-editable install only ships the packages pyproject names."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    packages = {m for m, p in MODULES.items() if p.name == "__init__.py"}
    # a folder of data files only (the web page's), shipped as a package of its own
    data = {name for name in conf["package-data"] if name not in packages}
    assert data == {"rulebook.web.static"} and (ROOT / "engine" / "web" / "static" / "index.html").is_file()
    assert packages | data == set(conf["packages"])


@pytest.mark.parametrize("name", ["rulebook", "rulebook.api", "rulebook.errors", "rulebook.pipeline"])
def test_the_public_surface(name):
    import importlib
    mod = importlib.import_module(name)
    wanted = {"rulebook": ["load_game", "check_file", "Game", "Outcome", "CHANCE", "RulebookError", "IllegalMove",
                           "GameFileError", "Finding", "GameFactory", "GameFileFactory"],
              "rulebook.api": ["RulebookError", "IllegalMove", "Game", "Outcome", "CHANCE"],
              "rulebook.errors": ["RulebookError", "IllegalMove", "GameFileError", "Finding", "DslError"],
              "rulebook.pipeline": ["load_game", "check_file", "GameFactory", "GameFileFactory"]}[name]
    assert all(hasattr(mod, w) for w in wanted)
    from rulebook import errors
    from rulebook.source import load
    assert errors.GameFileError is load.GameFileError and errors.IllegalMove.__mro__[1] is errors.RulebookError


def test_a_cached_command_stays_light(tmp_path):
    """`rulebook moves FILE` from the compile cache imports no parser, schema checker or plotter."""
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    game = str(ROOT / "games" / "lezug.yaml")
    warm = subprocess.run([sys.executable, "-m", "rulebook", "moves", game], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert warm.returncode == 0, warm.stderr
    code = ("import sys\nfrom rulebook.cli import main\ntry:\n    main(['moves', sys.argv[1]])\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in ('lark', 'jsonschema', 'matplotlib', 'starlette', 'uvicorn') if m in sys.modules), "
            "file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code, game], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120)
    assert proc.stdout == warm.stdout
    assert proc.stderr.strip().splitlines()[-1] == "[]"
