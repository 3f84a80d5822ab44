"""`rulebook serve`: the web page (rulebook.web, Starlette and uvicorn imported only here)."""
from __future__ import annotations

from typing import Optional

import typer

from ..errors import RulebookError
from .app import check_input_file, err


def serve(game_paths: list[str] = typer.Argument(..., help="the game files to offer (each by its file stem)"),
          host: str = typer.Option("127.0.0.1", "--host", help="the address to listen on (default: this machine only)"),
          port: int = typer.Option(8000, "--port", help="the port, 1 to 65535 (0: any free port)"),
          records: Optional[str] = typer.Option(None, "--records", help="keep every game in this folder: the finished "
                                                "games' records, and the games in progress (resumed at start)")):
    """Serve a web page that plays and replays the given games (open http://HOST:PORT/)."""
    from pathlib import Path
    if not 0 <= port <= 65535:
        raise RulebookError(f"--port must be 0 to 65535, not {port}")
    if records is not None and Path(records).exists() and not Path(records).is_dir():
        raise RulebookError(f"--records {records}: a file, not a folder")
    for p in game_paths:
        check_input_file(p)
        if not Path(p).is_file():
            raise RulebookError(f"{p}: no such game file")
    from ..web.app import create_app, is_loopback
    app = create_app(game_paths, records, hosts=[host])
    import uvicorn
    # a short grace: a request under way may finish, the AI moves are halted, then the process ends
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1)
    try:
        sock = config.bind_socket()     # bound here, so that --port 0 can say the port it got
    except SystemExit:                  # uvicorn has said why (the port is taken, the host unknown)
        raise RulebookError(f"serve: cannot listen on {host}:{port}") from None
    sock.listen(config.backlog)         # connections wait from now on, until the server takes them
    real = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    if not is_loopback(host):
        err(f"warning: --host {host} opens this server to the network: anyone who reaches it may use its "
            "API, without a password (start games, make it think); --host 127.0.0.1 keeps it to this machine")
    err(f"serving {len(game_paths)} game{'s' if len(game_paths) != 1 else ''} on http://{shown}:{real}/ "
        "(Ctrl-C stops)")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:           # uvicorn stopped cleanly, then passes Ctrl-C on
        err("stopped")
