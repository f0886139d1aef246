"""`python3 -m stickslip sweep SWEEP.yaml [--scheduler ADDRESS] ...` (see stickslip.sweep.main)."""
import sys

from .sweep import main

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] != "sweep":
        print("usage: python3 -m stickslip sweep SWEEP.yaml [--scheduler ADDRESS] [-o TABLE.csv] ...", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[2:]))
