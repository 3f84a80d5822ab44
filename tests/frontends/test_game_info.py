"""What a compiled Game carries of its file (`game.info`, rulebook/api.py) and the front-ends that
read it instead of the file: the options as declared, the seat counts, the about text, the
checked `look:` section (refused by validate when a name or colour is unknown, so that a file
that validates always draws), and the player kinds listed once (players/specs.py)."""
from __future__ import annotations

import inspect
import re
import subprocess
import sys

import pytest

from conftest import GAMES, ROOT, run_cli
from rulebook import load_game
from rulebook.api import GameInfo, LookInfo, OptionInfo, SeatInfo
from rulebook.look.prose import rules_prose
from rulebook.players.specs import KINDS, kind_forms, make_player

ENGINE = ROOT / "engine"


def test_the_options_as_declared():
    info = load_game(GAMES / "lezug.yaml").info
    assert isinstance(info, GameInfo) and info.name == "Le zug" and info.about.startswith("Two players race")
    opts = {o.name: o for o in info.options}
    assert opts["max_plies"] == OptionInfo("max_plies", 2000, None, 1, None, opts["max_plies"].about)
    assert "draw" in opts["max_plies"].about
    assert opts["blocked"].choices == ("pass", "lose") and opts["blocked"].default == "pass"
    # the values of this game are its own (game.options); info says what the file declares
    game = load_game(GAMES / "lezug.yaml", {"max_plies": "40"})
    assert game.options["max_plies"] == 40 and {o.name: o for o in game.info.options}["max_plies"].default == 2000


@pytest.mark.parametrize("name, counts, default, span", [
    ("tictactoe.yaml", (2,), 2, "2"),
    ("zug.yaml", (2, 3, 4, 5), 2, "2 to 5"),
    ("chinese_checkers.yaml", (2, 3, 4, 6), 2, "2, 3, 4 or 6"),
])
def test_the_seat_counts(name, counts, default, span):
    seats = load_game(GAMES / name).info.seats
    assert isinstance(seats, SeatInfo) and (seats.counts, seats.default, seats.span()) == (counts, default, span)
    assert (seats.min, seats.max) == (counts[0], counts[-1])


def test_the_seats_of_a_smaller_match_keep_every_name_of_the_file():
    game = load_game(GAMES / "zug.yaml", players=3)
    assert game.players == ("red", "blue", "green")
    assert game.info.seats.names == ("red", "blue", "green", "yellow", "black")


def test_the_look_is_checked_and_its_colours_resolved():
    look = load_game(GAMES / "lezug.yaml").info.look
    assert look == LookInfo(None, {"white": "#f7f7f0", "black": "#2b2b2b"}, {}, {"station": "seat"}, {})
    zug = load_game(GAMES / "zug.yaml").info.look
    assert zug.symbols["city"] == "C" and zug.features["city"] == "#c0392b"


def test_colour_words_and_short_codes_become_rrggbb(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(f"extends: {GAMES / 'tictactoe.yaml'}\n"
                    "look:\n  board: '#AbC'\n  colours: {x: red, o: navy}\n  zones: {board: seat}\n")
    look = load_game(path).info.look
    assert look.board == "#aabbcc" and look.colours == {"x": "#d62728", "o": "#1b2a6b"}


def test_the_sections_are_a_copy():
    a = load_game(GAMES / "hex.yaml")
    before = rules_prose(a)
    a.info.sections["board"]["hex"]["files"] = 99
    a.info.sections["phases"].clear()
    b = load_game(GAMES / "hex.yaml")
    assert rules_prose(b) == before and "11 by 11" in before and b.info.sections["phases"]


@pytest.mark.parametrize("look, words", [
    ("look:\n  colours: {x: crimson}\n", ":3:16: look.colours.x: 'crimson' is not a colour the pictures know: "
                                         "#rgb, #rrggbb or one of black, blue"),
    ("look:\n  zones: {board: crimson}\n", "#rrggbb, seat (each seat its own colour) or one of"),
    ("look:\n  zones: {nowhere: red}\n", ":3:11: look.zones: 'nowhere' is not a zone of this game (board)"),
    ("look:\n  colours: {x: seat}\n", "'seat' is not a colour"),
    ("look:\n  colours: {x: Red}\n", "'Red' is not a colour: #rgb, #rrggbb or a colour word such as red"),
])
def test_validate_refuses_a_bad_look_at_its_place(tmp_path, look, words):
    path = tmp_path / "t.yaml"
    path.write_text(f"extends: {GAMES / 'tictactoe.yaml'}\n{look}")
    for command in (["validate", path], ["show", path, "--svg", tmp_path / "o.svg"], ["rules", path]):
        proc = run_cli(*command)
        assert proc.returncode == 1 and "Traceback" not in proc.stderr and "internal error" not in proc.stderr
        assert f"{path}:" in proc.stderr and words in proc.stderr, proc.stderr
    assert not (tmp_path / "o.svg").exists()


def test_a_tile_games_look_is_checked_too(tmp_path):
    path = tmp_path / "z.yaml"
    path.write_text(f"extends: {GAMES / 'zug.yaml'}\n"
                    "look:\n  features: {city: crimson, castle: red}\n  zones: {station: seat}\n")
    proc = run_cli("validate", path)
    assert proc.returncode == 1
    assert ":3:20: look.features.city: 'crimson' is not a colour" in proc.stderr
    assert ":3:29: look.features: 'castle' is not a feature of this game (factory, " in proc.stderr
    assert ":4:11: look.zones: 'station' is not a zone of this game (it has none)" in proc.stderr


def test_a_file_that_validates_always_draws(tmp_path):
    """Every form a look may take: colour words, #rgb, #rrggbb, seat, symbols; SVG and PNG."""
    path = tmp_path / "t.yaml"
    path.write_text(f"extends: {GAMES / 'tictactoe.yaml'}\n"
                    "look:\n  board: tan\n  colours: {x: '#f0a', o: '#123456'}\n  symbols: {mark: '*'}\n"
                    "  zones: {board: seat}\n")
    assert run_cli("validate", path).returncode == 0
    for seat in (tmp_path / "a.svg", tmp_path / "a.png"):
        proc = run_cli("show", path, f"--{seat.suffix[1:]}", seat)
        assert proc.returncode == 0, proc.stderr
        assert seat.stat().st_size > 500


def test_no_front_end_reads_the_game_file():
    """The design rule: CLI, look, web and play see the compiled Game, never the YAML."""
    found = []
    for folder in ("cli", "look", "web", "play"):
        for path in sorted((ENGINE / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for pattern in (r"load_source", r"\byaml\b", r"\.spec\b", r"source\.load"):
                found += [f"{path.relative_to(ROOT)}: {pattern}" for _ in re.finditer(pattern, text)]
    assert found == []


# ---------------------------------------------------------------- the player kinds, listed once
def test_the_cli_help_lists_the_registry():
    from rulebook.cli import matches
    helps = {name: inspect.signature(fn).parameters["players"].default.help
             for name, fn in (("play", matches.play), ("tournament", matches.tournament), ("analyze", matches.analyze))}
    listed = re.findall(r"(\w+)(?:\[:[^\]]*\])?(?:, |$)", helps["play"].split(": ", 1)[1])
    assert listed == list(KINDS) and helps["play"].endswith(kind_forms())
    ais = [k for k in KINDS if k != "human"]
    assert all(", ".join(ais) in helps[n] for n in ("tournament", "analyze"))
    proc = run_cli("play", "--help")
    assert proc.returncode == 0 and all(k in proc.stdout for k in KINDS)


def test_an_unknown_player_names_every_kind():
    game = load_game(GAMES / "tictactoe.yaml")
    with pytest.raises(Exception) as info:
        make_player("chess", game)
    assert f"players are: {', '.join(KINDS)}" in str(info.value)


def test_the_list_of_kinds_loads_no_player():
    """The CLI's help reads the registry: that costs no AI's import."""
    code = ("import sys\nfrom rulebook.players.specs import KINDS, kind_forms\nkind_forms()\n"
            "print(sorted(m for m in sys.modules if m.startswith('rulebook.players.') and m != 'rulebook.players.specs'))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "[]", proc.stderr


def test_the_colour_words_are_documented():
    from rulebook.source.info import COLOURS
    text = re.sub(r"\s+", " ", (ROOT / "docs" / "language.md").read_text(encoding="utf-8"))
    words = ", ".join(sorted(COLOURS)[:-1]) + f" and {sorted(COLOURS)[-1]}"
    assert f"one of the colour words {words}" in text


def test_the_players_doc_lists_the_registry():
    """docs/players.md's table: one row per kind of the registry, in its order, naming every parameter."""
    rows = re.findall(r"^\| `(\w+)` \| (.*?) \|", (ROOT / "docs" / "players.md").read_text(encoding="utf-8"), re.M)
    assert [name for name, _ in rows] == list(KINDS)
    for name, params in rows:
        assert set(KINDS[name].params) <= set(re.findall(r"`(\w+)`", params)), name
