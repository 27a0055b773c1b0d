"""`make play`: the handheld simulator (a text demo until the screens exist)."""

import sys


def main(argv):
    try:
        import ui.app  # noqa: F401
    except ImportError:
        from sim.tools import demo

        print("(the handheld screens are not built yet: a random game in text)", file=sys.stderr)
        return demo(1)
    return 0
