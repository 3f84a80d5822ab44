"""`python -m engine ...` is the `rulebook` command."""
from .cli import main

main()
