"""routes.stop (track tiles): the feature where train paths stop."""
from __future__ import annotations

from . import claim

KEY = "routes.stop"
ABOUT = "the feature where paths stop (a void one does not); lines and sales follow routes between stops"


def check(ch, features: list[str]) -> str | None:
    spec = ch.src.data
    if "routes" in spec and claim.known(ch, ("routes", "stop"), spec["routes"]["stop"], features, "routes.stop"):
        return spec["routes"]["stop"]
    return None
