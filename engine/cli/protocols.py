"""The engine-protocol commands: uci and gtp (the protocols themselves: play/protocols.py)."""
from __future__ import annotations

import sys
from typing import Optional

import typer

from .app import GameArg, OptionOpt, SeatsOpt, load, parse_options

PlayerOpt = typer.Option("mcts", "--player", help="the rulebook player that answers (a player spec: "
                                                  "random, greedy, mcts:iterations=2000, alphabeta:depth=3, ...)")
SeedOpt = typer.Option(0, "--seed", help="seed of the player")


def uci(game_path: str = GameArg, player: str = PlayerOpt, seed: int = SeedOpt,
        option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt):
    """Speak UCI on stdin and stdout: a GUI or a tool sets the position, a rulebook player moves.

    For games whose moves are written as from-to coordinates (e2e4, e7e8q)."""
    from ..play.protocols import UciEngine, serve
    serve(UciEngine(load(game_path, parse_options(option), seats), player, seed), sys.stdin, sys.stdout)


def gtp(game_path: str = GameArg, player: str = PlayerOpt, seed: int = SeedOpt,
        option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt,
        size_option: Optional[str] = typer.Option(None, "--size-option", help="the game option that `boardsize N` "
                                                  "sets (default: the one the file's notation.sgf names for SZ)"),
        komi_option: Optional[str] = typer.Option(None, "--komi-option", help="the game option that `komi X` sets "
                                                  "(default: the one the file's notation.sgf names for KM)")):
    """Speak GTP (version 2) on stdin and stdout: a GUI or a referee plays, a rulebook player answers.

    For placement games (a move names one cell, or pass)."""
    from ..play.protocols import GtpEngine, serve
    opts = parse_options(option)
    game = load(game_path, opts, seats)
    engine = GtpEngine(game, player, seed, reload=lambda values: load(game_path, values, seats),
                       size_option=size_option, komi_option=komi_option)
    serve(engine, sys.stdin, sys.stdout)
