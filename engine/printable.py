"""Text from game files, records and the command line made safe for a terminal.

A name in a game file (the file's own name, a game, seat or piece name, a value an error message
quotes) may hold control characters: an escape sequence printed as such retitles the window,
moves the cursor or hides what follows. Every printer of the command line (cli.app's out and
err, the human player's prompt and lines) passes its text through `printable`, the one place
that escapes them.
"""
from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides and isolates
# (they reorder what follows on the line)
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """text with each control character written as its escape (`\\x1b`, `\\u202e`); tab and newline kept."""
    return _UNSAFE.sub(_escape, text)
