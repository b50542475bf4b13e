"""python -m tools.flash: the command line of tools/flash/cli.py."""
import sys

from tools.flash.cli import main

sys.exit(main())
