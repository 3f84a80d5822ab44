"""A human at the terminal, as one more Player.

All I/O goes through `input_fn` and `output_fn`, so tests drive it with scripted lines and
the CLI can plug in rich or plain printing. Commands that change the match itself (`undo`,
`quit`) are raised as exceptions that the driver (players.base.Match) carries out. This module
imports no AI player: a hint player is made by players.specs and handed in.
"""
from __future__ import annotations

from typing import Callable

from ..api import CHANCE, RulebookError
from ..printable import printable
from .base import Player, QuitRequest, UndoRequest

HELP = ("Type a move in notation or its number from the list. Commands: "
        "'moves' (show the position and moves again), 'hint' (ask the hint player), "
        "'undo' (take back your last move), 'quit' (stop; the game is saved), 'help'.")


def _print(text: str) -> None:
    print(printable(text))


def _input(prompt: str) -> str:
    return input(printable(prompt))


def default_render(game, state) -> str:
    """Without a board renderer, the state's repr is still an honest view of the position."""
    return repr(state)


class HumanPlayer(Player):
    """Asks for a move until a legal one (or a command) is typed."""

    def __init__(self, game, input_fn: Callable[[str], str] = _input, output_fn: Callable[[str], None] = _print,
                 hint_player: Player | None = None, render: Callable | None = None, name: str = "human",
                 width: int = 100):
        self.game = game
        self.input_fn, self.output_fn = input_fn, output_fn
        self.hint_player = hint_player
        self.render = render or default_render
        self.name = name
        self.width = width
        self.match = None

    def bind(self, match) -> None:
        self.match = match

    # ---------------------------------------------------------------------------------------
    def choose(self, state):
        game, out = self.game, self.output_fn
        seat = game.to_move(state)
        if seat == CHANCE:
            raise RulebookError("a player was asked to choose at a chance position")
        moves = sorted(game.legal_moves(state), key=game.move_str)
        if not moves:
            raise RulebookError(f"{game.name}: no legal move and the game is not over")
        by_text = {game.move_str(m): m for m in moves}
        self._show_recent(seat)
        self._show(state, moves)
        prompt = f"{game.players[seat]} to move [1-{len(moves)}, move, hint, undo, quit, help]> "
        while True:
            try:
                text = self.input_fn(prompt).strip()
            except EOFError:  # end of input is a quit, never a crash
                out("end of input: stopping the match")
                raise QuitRequest() from None
            command = text.lower()
            if not text:
                out(f"type a move, its number (1 to {len(moves)}), or 'help'")
                continue
            if text in by_text:  # notation first, in case a game's moves look like numbers
                return by_text[text]
            if command in ("quit", "exit", "q"):
                out("stopping the match")
                raise QuitRequest()
            if command in ("help", "?", "h"):
                out(HELP)
            elif command in ("moves", "list", "board", "show"):
                self._show(state, moves)
            elif command == "hint":
                self._hint(state)
            elif command == "undo":
                self._undo(seat)
            elif text.isdigit():  # any Unicode digits ('²', '٣'): only ASCII ones of a sensible length are numbers
                number = int(text) if text.isascii() and len(text) <= 9 else None
                if number is not None and 1 <= number <= len(moves):
                    return moves[number - 1]
                shown = text if len(text) <= 12 else f"{text[:8]}... ({len(text)} digits)"
                out(f"there is no move number {shown}: choose 1 to {len(moves)}")
            else:
                move = self._parse(state, text, moves)
                if move is not None:
                    return move

    # ---------------------------------------------------------------------------------------
    def _parse(self, state, text: str, moves: list):
        shown = text if len(text) <= 60 else f"{text[:40]}... ({len(text)} characters)"
        try:
            move = self.game.parse_move(state, text)
        except RulebookError as err:
            why = str(err) if len(str(err)) <= 200 else "not a legal move here"
            self.output_fn(f"illegal move '{shown}': {why}. Type a move, its number, or 'help'.")
            return None
        if move not in moves:
            self.output_fn(f"illegal move '{shown}' in this position. Type a move, its number, or 'help'.")
            return None
        return move

    def _show(self, state, moves: list) -> None:
        self.output_fn(self.render(self.game, state))
        self.output_fn(f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}:")
        self.output_fn(self._columns([f"{i}. {self.game.move_str(m)}" for i, m in enumerate(moves, 1)]))

    def _columns(self, items: list[str]) -> str:
        """Numbered moves in columns: a setup turn of 56 moves still fits on a screen."""
        cell = max(len(s) for s in items) + 2
        per_line = max(1, self.width // cell)
        lines = ["".join(s.ljust(cell) for s in items[i:i + per_line]).rstrip()
                 for i in range(0, len(items), per_line)]
        return "\n".join("  " + line for line in lines)

    def _show_recent(self, seat: int) -> None:
        """The moves made since this seat last moved, so the human sees what the others did."""
        if self.match is None or not self.match.history:
            return
        history = self.match.history
        count = self.match.undo_count(seat)  # history is the match's last positions only
        start = max(0, len(history) - count + 1) if count else 0
        recent = history[start:][-20:]
        if recent:
            names = self.game.players
            text = ", ".join(f"{'chance' if s.seat == CHANCE else names[s.seat]} {self.game.move_str(s.move)}"
                             for s in recent)
            self.output_fn(f"since your last move: {text}")

    def _hint(self, state) -> None:
        if self.hint_player is None:
            self.output_fn("no hint player for this game")
            return
        move = self.hint_player.choose(state)
        self.output_fn(f"hint ({self.hint_player.name}): {self.game.move_str(move)}")

    def _undo(self, seat: int) -> None:
        if self.match is None:
            self.output_fn("undo is not available here")
            return
        count = self.match.undo_count(seat)
        if not count:
            self.output_fn("nothing to undo: you have not moved yet")
            return
        self.output_fn(f"taking back your last move ({count} move{'s' if count != 1 else ''} in all)")
        raise UndoRequest(seat)
