"""Engine protocols, so that GUIs and tools drive rulebook's players: UCI (for games whose moves
are written in from-to coordinates) and GTP (the text protocol of placement-game engines).

Both read commands from a text stream and answer on another (`rulebook uci GAME`, `rulebook gtp
GAME` connect them to stdin and stdout). They keep one position of the game, set by the tool,
and answer a request for a move with the move of a rulebook player (a player spec, as `play`'s
`--players` takes them). Bad input never ends the session: UCI, which has no error reply, says
it as `info string error: ...`; GTP answers `? ...`.
"""
from __future__ import annotations

import re
from typing import Callable, TextIO

from ..api import CHANCE, IllegalMove, RulebookError
from ..players.base import derive_seed
from ..players.specs import make_player

__all__ = ["GtpEngine", "UciEngine", "serve"]

NO_MOVE = "0000"        # UCI's null move: the answer to `go` when the game is over


class _Engine:
    """What both protocols share: the game, its player and the position the tool set."""

    def __init__(self, game, spec: str, seed: int = 0):
        self.game, self.player_spec, self.seed = game, spec, seed
        self.player = make_player(spec, game, seed)        # a bad spec is refused before the session
        self.moves: list = []
        self.state = game.initial_state()
        self.matches = 0

    def new_game(self, game=None) -> None:
        if game is not None:
            self.game = game
        self.matches += 1
        self.player = make_player(self.player_spec, self.game, derive_seed(self.seed, "match", self.matches))
        self.moves, self.state = [], self.game.initial_state()

    def choose(self):
        """The player's move at the current position (None when the game is over)."""
        game, state = self.game, self.state
        if game.is_over(state):
            return None
        if game.to_move(state) == CHANCE:
            raise RulebookError("the position is a chance position: a tool of this protocol cannot draw for it")
        return self.player.choose(state)

    def push(self, move) -> None:
        self.state = self.game.apply(self.state, move)
        self.moves.append(move)


class UciEngine(_Engine):
    """The UCI protocol: `uci`, `isready`, `ucinewgame`, `setoption name Player value SPEC`,
    `position startpos [moves M ...]`, `go [...]` (answered `bestmove M`, or `bestmove 0000` once
    the game is over; time limits are the player spec's, not the tool's), `stop`, `quit`. Moves
    are the game's own notation; `position fen` is refused (the game's positions are set by its
    moves from the start)."""

    def __init__(self, game, spec: str, seed: int = 0):
        super().__init__(game, spec, seed)
        self.texts: list[str] = []          # the moves of the last `position`, as the tool wrote them

    def handle(self, line: str, say: Callable[[str], None]) -> bool:
        """Answer one command line; False after `quit`."""
        words = line.split()
        if not words:
            return True
        command, args = words[0], words[1:]
        if command == "uci":
            say(f"id name rulebook {self.game.name} ({self.player_spec})")
            say("id author rulebook")
            say(f"option name Player type string default {self.player_spec}")
            say("uciok")
        elif command == "isready":
            say("readyok")
        elif command == "ucinewgame":
            self.new_game()
            self.texts = []
        elif command == "setoption":
            self._setoption(args, say)
        elif command == "position":
            self._position(args, say)
        elif command == "go":
            move = self._safely(self.choose, say)
            say(f"bestmove {NO_MOVE if move is None else self.game.move_str(move)}")
        elif command == "quit":
            return False
        elif command not in ("stop", "ponderhit", "debug", "register"):
            say(f"info string error: unknown command '{command}'")
        return True

    def _safely(self, fn, say):
        try:
            return fn()
        except RulebookError as e:
            say(f"info string error: {e}")
            return None

    def _setoption(self, args: list[str], say) -> None:
        text = " ".join(args)
        m = re.fullmatch(r"name\s+(.+?)(?:\s+value\s+(.*))?", text)
        if not m or m.group(1).lower() != "player" or not m.group(2):
            say(f"info string error: unknown option in 'setoption {text}' (the one option is: Player)")
            return
        try:
            make_player(m.group(2), self.game, self.seed)
        except RulebookError as e:
            say(f"info string error: {e}")
            return
        self.player_spec = m.group(2).strip()
        self.player = make_player(self.player_spec, self.game, derive_seed(self.seed, "match", self.matches))

    def _position(self, args: list[str], say) -> None:
        if not args or args[0] != "startpos":
            say("info string error: only 'position startpos [moves ...]' is understood (this game has no FEN)")
            return
        texts = args[2:] if len(args) > 1 and args[1] == "moves" else []
        if texts[:len(self.texts)] != self.texts:      # not a continuation of the last position: from the start
            self.moves, self.state, self.texts = [], self.game.initial_state(), []
        for i, text in enumerate(texts[len(self.texts):], len(self.texts)):
            try:
                self.push(self.game.parse_move(self.state, text))
            except IllegalMove as e:
                say(f"info string error: move {i + 1} of the position: {e}")
                break
            self.texts.append(text)


# GTP's column letters skip I (so that it is not read as J or 1)
_GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class GtpEngine(_Engine):
    """GTP, version 2: protocol_version, name, version, known_command,
    list_commands, boardsize, clear_board, komi, play, genmove, undo, showboard, final_score,
    quit. Colours: `b`/`black` is the first seat, `w`/`white` the second (a seat's own name is
    understood too). Vertices are GTP's (`A1`, columns skipping I, case-insensitive) where the
    game names its cells by a file letter and a rank number, else the game's own cell names;
    `pass` is pass. `boardsize N` sets the game's option `size_option` and `komi X` its option
    `komi_option` (by default the options the file's `notation: sgf:` names for SZ and KM) where
    the game has them; else a boardsize other than the board's is refused and komi is accepted
    and unused."""

    COMMANDS = ("protocol_version", "name", "version", "known_command", "list_commands", "boardsize", "clear_board",
                "komi", "play", "genmove", "undo", "showboard", "final_score", "quit")

    def __init__(self, game, spec: str, seed: int = 0, reload: Callable[[dict], object] | None = None,
                 size_option: str | None = None, komi_option: str | None = None):
        if getattr(game, "geo", None) is None:
            raise RulebookError(f"{game.name}: GTP needs a board of named cells (this game's board kind has none)")
        super().__init__(game, spec, seed)
        self.reload = reload                 # the game for changed option values (None: options are fixed)
        from .formats import sgf_spec
        carried = sgf_spec(game)[1]
        self.size_option = size_option or carried.get("SZ")
        self.komi_option = komi_option or carried.get("KM")
        self.options = dict(game.options)
        self._vertices()

    def _vertices(self) -> None:
        geo = self.game.geo
        names = [geo.name(c) for c in range(self.game.size) if geo.used[c]]
        parts = [re.fullmatch(r"([a-z])(\d+)", n) for n in names]
        self.to_vertex: dict[str, str] = {}
        if all(parts) and all(ord(p.group(1)) - 97 < len(_GTP_COLUMNS) for p in parts):
            self.to_vertex = {n: _GTP_COLUMNS[ord(p.group(1)) - 97] + p.group(2) for n, p in zip(names, parts)}
        else:
            self.to_vertex = {n: n for n in names}
        self.from_vertex = {v.lower(): n for n, v in self.to_vertex.items()}

    def handle(self, line: str, say: Callable[[str], None]) -> bool:
        """Answer one command line (`[id] command args`); False after `quit`."""
        line = line.split("#", 1)[0].replace("\t", " ").strip()
        if not line:
            return True
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
            if not words:
                return True
        command, args = words[0].lower(), words[1:]
        try:
            answer = self._answer(command, args)
            ok = True
        except (RulebookError, ValueError) as e:
            answer, ok = str(e), False
        say(f"{'=' if ok else '?'}{ident} {answer}".rstrip() + "\n")
        return command != "quit"

    def _answer(self, command: str, args: list[str]) -> str:
        game = self.game
        if command == "protocol_version":
            return "2"
        if command == "name":
            return "rulebook"
        if command == "version":
            from importlib.metadata import PackageNotFoundError, version
            try:
                number = version("rulebook")
            except PackageNotFoundError:      # run from a checkout that is not installed
                number = "unknown"
            return f"{number} ({game.name}, {self.player_spec})"
        if command == "known_command":
            return "true" if args and args[0].lower() in self.COMMANDS else "false"
        if command == "list_commands":
            return "\n".join(self.COMMANDS)
        if command == "quit":
            return ""
        if command == "boardsize":
            size = self._number(args, int)
            geo = self.game.geo
            if self.size_option not in self.options and getattr(geo, "files", None) == getattr(geo, "ranks", None) == size:
                self.new_game()         # the board's own size
                return ""
            return self._option(self.size_option, size, "unacceptable size")
        if command == "komi":
            if self.komi_option in self.options:
                return self._option(self.komi_option, self._number(args, float), "unacceptable komi")
            self._number(args, float)
            return ""
        if command == "clear_board":
            self.new_game()
            return ""
        if command == "play":
            if len(args) != 2:
                raise RulebookError("syntax error (play COLOUR VERTEX)")
            self._turn(args[0])
            try:
                self.push(game.parse_move(self.state, self._move_text(args[1])))
            except IllegalMove:
                raise RulebookError("illegal move") from None
            return ""
        if command == "genmove":
            if len(args) != 1:
                raise RulebookError("syntax error (genmove COLOUR)")
            self._turn(args[0])
            move = self.choose()
            if move is None:
                return "pass"
            self.push(move)
            return self._vertex(game.move_str(move))
        if command == "undo":
            if not self.moves:
                raise RulebookError("cannot undo")
            moves = self.moves[:-1]
            self.moves, self.state = [], game.initial_state()
            for m in moves:
                self.push(m)
            return ""
        if command == "showboard":
            return "\n" + game.render(self.state)
        if command == "final_score":
            return self._score()
        raise RulebookError("unknown command")

    def _number(self, args: list[str], kind):
        if len(args) != 1:
            raise RulebookError("syntax error")
        try:
            return kind(args[0])
        except ValueError:
            raise RulebookError("syntax error") from None

    def _option(self, name: str, value, refusal: str) -> str:
        """Set a game option to `value` (the game is loaded again and the board cleared)."""
        if self.options.get(name) == value:
            self.new_game()
            return ""
        if name not in self.options or self.reload is None:
            raise RulebookError(refusal)
        try:
            game = self.reload({**self.options, name: value})
        except RulebookError:
            raise RulebookError(refusal) from None
        self.options = dict(game.options)
        self.new_game(game)
        self._vertices()
        return ""

    def _turn(self, colour: str) -> None:
        """Refuse a colour that is not to move (rulebook games alternate as their rules say)."""
        seat = self._seat(colour)
        if not self.game.is_over(self.state) and self.game.to_move(self.state) != seat:
            raise RulebookError(f"it is {self.game.players[self.game.to_move(self.state)]}'s turn")

    def _seat(self, colour: str) -> int:
        c = colour.lower()
        names = [p.lower() for p in self.game.players]
        if c in names:
            return names.index(c)
        if c in ("b", "black"):
            return 0
        if c in ("w", "white") and len(names) > 1:
            return 1
        raise RulebookError("syntax error (invalid color)")

    def _move_text(self, vertex: str) -> str:
        v = vertex.lower()
        if v == "pass":
            return "pass"
        if v not in self.from_vertex:
            raise RulebookError("illegal move" if re.fullmatch(r"[a-z]+\d+", v) else "syntax error (invalid vertex)")
        return self.from_vertex[v]

    def _vertex(self, text: str) -> str:
        return "pass" if text == "pass" else self.to_vertex.get(text, text)

    def _score(self) -> str:
        """GTP's score (formats.result_text): `B+3.5`, `B+` in a game without scores, `0` for a draw."""
        from .formats import result_text
        if not self.game.is_over(self.state):
            raise RulebookError("the game is not over")
        return result_text(self.game, self.state)


def serve(engine, inp: TextIO, out: TextIO) -> None:
    """Answer the commands of `inp` on `out`, a line at a time, until `quit` or the end of input."""
    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    for line in inp:
        if not engine.handle(line, say):
            break
