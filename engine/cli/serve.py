"""`rulebook serve`: the web page (rulebook.web, Starlette and uvicorn imported only here)."""
from __future__ import annotations

from typing import Optional

import typer

from ..errors import RulebookError
from .app import check_input_file, err


def serve(game_paths: list[str] = typer.Argument(..., help="the game files to offer (each by its file stem)"),
          host: str = typer.Option("127.0.0.1", "--host", help="the address to listen on (default: this machine only)"),
          port: int = typer.Option(8000, "--port", help="the port, 1 to 65535 (0: any free port)"),
          records: Optional[str] = typer.Option(None, "--records", help="write each finished game's record to this folder")):
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
    from ..web.app import create_app
    app = create_app(game_paths, records)
    import uvicorn
    err(f"serving {len(game_paths)} game{'s' if len(game_paths) != 1 else ''} on http://{host}:{port}/ "
        "(Ctrl-C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
