#!/usr/bin/env python3
"""Write the bundled Rivages content (25 islands, 5 trees, cards, Loot, solo cards, two
scenarios) to boards/rivages/ and scenarios/.

A thin wrapper: the designs live in :mod:`studio.generate.islands` and
:mod:`studio.generate.rivages_content` (``studio generate island`` grows new islands from
constraints). Every island is checked by the engine's compiler and by the validator (no finding
at all) before it is written.

Run from the project root:  python tools/design_rivages.py
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.generate.rivages_content import write_bundled  # noqa: E402

if __name__ == "__main__":
    # no options; parsing them makes --help print this instead of rewriting the content
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    print(write_bundled(ROOT))
