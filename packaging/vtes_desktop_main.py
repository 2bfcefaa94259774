"""The bundle's entry point: the same command line as `vtes-desktop` (see vtes_desktop/cli.py)."""

import sys

from vtes_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
