"""`python -m setback`: the same as the `setback` command."""

import sys

from .cli import main

sys.exit(main())
