"""``python -m spite_rules``: the command line (see :mod:`spite_rules.cli`).

Layer: command line — the top: may import anything below it.
"""

from spite_rules.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
