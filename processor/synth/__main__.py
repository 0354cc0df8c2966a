"""`python -m processor.synth ...` is `toolmend generate ...`."""

import sys

from processor.synth.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
