"""`python -m rulebook ...` is the `rulebook` command."""
from .cli import main

main()
