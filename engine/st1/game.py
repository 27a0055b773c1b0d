"""Schotten Totten (the first game) behind the one game interface (docs/ENGINE.md): constants,
the constructor, move decoding and text, the claim prover entry, the end and the score, so
that nothing outside engine.st1 does arithmetic on its moves. The State itself carries
legal_moves(), apply(move, player=None), view(p), copy(), to_move, phase and winner; a View
carries sample(rng).

decode(move) -> (kind, card, stone, extra): kind is one of the KIND_* constants (numbered as
in every game, docs/ENGINE.md); card is the card int (PLAY) or -1; stone the 0-based stone
(PLAY, CLAIM) or -1; extra is 0 (the tactic variant's steps will use it).
Example: decode(299) == (KIND_PLAY, 33, 2, 0) (G7 on stone 3); decode(578) == (KIND_CLAIM,
-1, 2, 0) (claim stone 3).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.cards import NCARDS  # noqa: F401 - part of the interface
from engine.errors import IllegalMove
from engine.st1.table import (  # noqa: F401 - part of the interface
    CLAIM,
    DONE,
    HAND,
    HMAX,
    NMOVES,
    NSTONES,
    PASS,
    PH_CLAIM,
    PH_OVER,
    PH_PLAY,
    T1999,
    T2016,
)

NAME = "st1"
ID = const(1)  # the game's number in records (engine.games)
NPLAYERS = const(2)
NTARGETS = NSTONES  # stones: what a card is played on and what is claimed
VARIANTS = ("base",)  # the tactic variant (issue 13) will be 1

# Phases and kinds are numbered alike in every game (docs/ENGINE.md); 3..5 and 6..7 are kept
# for the tactic variant: a deck choice after playing, a tactic card's further steps.
PH_DRAW = const(3)
PH_ACTION = const(4)
KIND_PLAY = const(0)
KIND_CLAIM = const(1)
KIND_DONE = const(4)
KIND_PASS = const(5)
KIND_DRAW = const(6)
KIND_STEP = const(7)
KIND_NAMES = ("play", "claim", "", "", "done", "pass", "draw", "step")


def options(variant=0, timing=T2016, first=0):
    """The options dict of new_state: options(timing=T1999) is a 1999/Expert game."""
    return {"variant": variant, "timing": timing, "first": first}


def new_state(opts=None, seed=None):
    """A new game's State. opts: None or a dict of "variant" (0: the base game), "timing"
    (T2016 or T1999) and "first" (the starting player, 0 or 1); missing keys take defaults."""
    from engine.st1 import State

    if not opts:
        opts = {}
    if opts.get("variant", 0) != 0:
        raise IllegalMove("the tactic variant of Schotten Totten is not there yet")
    timing = opts.get("timing", T2016)
    first = opts.get("first", 0)
    if timing not in (T2016, T1999) or first not in (0, 1):
        raise IllegalMove("bad options: %r" % (opts,))
    return State(seed, timing, first)


def options_of(st):
    """The options a State was made with (what a record keeps)."""
    return {"variant": 0, "timing": st.timing, "first": st.first}


def decode(move):
    """(kind, card, stone, extra) of a move int; IllegalMove if it is no move of this game."""
    if type(move) is not int or move < 0 or move >= NMOVES:  # not a bool either
        raise IllegalMove("no such move: %r" % (move,))
    if move < CLAIM:
        if move // 9 >= NCARDS:
            raise IllegalMove("no such move: %r" % (move,))
        return (KIND_PLAY, move // 9, move % 9, 0)
    if move < DONE:
        return (KIND_CLAIM, -1, move - CLAIM, 0)
    if move == DONE:
        return (KIND_DONE, -1, -1, 0)
    return (KIND_PASS, -1, -1, 0)


def encode(kind, card=-1, target=-1, extra=0):
    """The move int of decode's parts: encode(KIND_PLAY, 33, 2) == 299."""
    if kind == KIND_PLAY and 0 <= card < NCARDS and 0 <= target < NSTONES:
        return card * 9 + target
    if kind == KIND_CLAIM and 0 <= target < NSTONES:
        return CLAIM + target
    if kind == KIND_DONE:
        return DONE
    if kind == KIND_PASS:
        return PASS
    raise IllegalMove("no such move: %r" % ((kind, card, target, extra),))


def kind(move):
    """decode(move)[0], without building the tuple (hot loops: the AI, the arena)."""
    if move < CLAIM:
        return KIND_PLAY
    if move < DONE:
        return KIND_CLAIM
    return KIND_DONE if move == DONE else KIND_PASS


def move_text(move):
    """Move int to text ("G7@3", "C3", "done", "pass"): engine.st1.notation."""
    from engine.st1.notation import move_text as text

    return text(move)


def parse_move(text):
    """Text to move int: engine.st1.notation."""
    from engine.st1.notation import parse_move as parse

    return parse(text)


def position_text(st):
    from engine.st1.notation import position_text as text

    return text(st)


def parse_position(text):
    from engine.st1.notation import parse_position as parse

    return parse(text)


def claim_check(st, stone, p=None):
    """Why player p (default: the player to move) may not claim `stone` (0-based) now, or None
    if the claim holds: a string, or the opponent's cards that would win (empty: their
    complete formation wins)."""
    return st.claim_check(stone, st.to_move if p is None else p)


def claimable(st):
    """The stones the player to move may claim now (sorted; empty outside the claim step)."""
    return st.claimable()


def is_over(st):
    return st.phase == PH_OVER


def result(st):
    """(winner, stones of player 1, stones of player 2); winner -1 before the end."""
    return (st.winner if st.phase == PH_OVER else -1, st.stones_of(0), st.stones_of(1))


def new_match(rounds=1, timing=T2016, first=0):
    """A Match of `rounds` rounds (engine.match): 5 points to a round's winner, one per stone
    to its loser."""
    from engine.match import Match

    return Match(rounds, timing, first)
