"""``python -m honorifics``: the same as the ``honorifics`` command."""
from .commands import main

raise SystemExit(main())
