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


GAMES = ("st1", "st2")
VARIANTS = ("base", "tactic")


def ruleset_options(ap):
    """--game and --variant on a tool's parser: each left out means all of them."""
    ap.add_argument("--game", choices=GAMES, default=None, help="st1 or st2 (default: both)")
    ap.add_argument("--variant", choices=VARIANTS, default=None, help="base or tactic (default: both)")


def rulesets(args):
    """The (game, variant) pairs that --game and --variant ask for, in the order st1 base, st1
    tactic, st2 base, st2 tactic."""
    return [
        (game, variant)
        for game in GAMES
        if args.game in (None, game)
        for variant in VARIANTS
        if args.variant in (None, variant)
    ]
