import sys

from imbeval.cli import main

sys.exit(main())
