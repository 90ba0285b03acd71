"""``python -m spite_rules``: the command line (see :mod:`spite_rules.cli`)."""

from spite_rules.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
