"""Small helpers shared by the desktop commands' argument parsers."""

import argparse


def count(text):
    """argparse type: a whole number of at least 1 ("--games 0" is refused, not divided by)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % (text,)) from None
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1, got %d" % n)
    return n
