"""Schotten Totten 2 as a game behind the one game interface (issue 11): the constants, the
constructor and the move decoding a generic caller needs, so that nothing outside engine.st2
does arithmetic on its moves. The State itself carries legal_moves(), apply(move, player=None),
view(p), copy(), to_move, phase and winner; a View carries sample(rng).

decode(move) -> (kind, card, tile, tiles): kind is one of the KIND_* constants; card is the
card int (PLAY) or -1; tile is the 0-based tile (PLAY, DECLARE, CAULDRON) or -1; tiles is the
retreat's bit mask (bit t = tile t) or 0.
Example: decode(331) == (KIND_PLAY, 47, 2, 0) (B11 at tile 3); decode(523) == (KIND_RETREAT,
-1, -1, 0b101) (a retreat from tiles 1 and 3).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st2.cards import NCARDS, NSIEGE, NTILES  # noqa: F401 - part of the interface
from engine.st2.moves import (  # noqa: F401 - part of the interface
    CAULDRON,
    DECLARE,
    DONE,
    HAND,
    HMAX,
    NMOVES,
    PH_ACTION,
    PH_DECLARE,
    PH_DRAW,
    PH_EXCHANGE,
    PH_OVER,
    PH_PLAY,
    RETREAT,
)

NAME = "st2"
ID = const(2)  # the game's number in records (engine.games)
NPLAYERS = const(2)
NTARGETS = NTILES  # wall tiles: what a card is played at and what is declared
VARIANTS = ("base",)  # the tactic variant (issue 15) will be 1
NROLES = const(2)  # player 0 is the Attacker, player 1 the Defender, in every game's State

KIND_PLAY = const(0)
KIND_DECLARE = const(1)
KIND_CAULDRON = const(2)
KIND_RETREAT = const(3)
KIND_DONE = const(4)
KIND_CLAIM = KIND_DECLARE  # the kinds are numbered alike in every game (docs/ENGINE.md)
KIND_DRAW = const(6)  # kept for the tactic variant: a deck choice, an action card's step
KIND_STEP = const(7)
KIND_NAMES = ("play", "declare", "cauldron", "retreat", "done", "", "draw", "step")


def new_state(options=None, seed=None):
    """A new game's State. options: None or a dict; {"variant": 0} is the base game (the
    tactic variant, issue 15, will be 1)."""
    from engine.st2.state import State

    variant = 0 if not options else options.get("variant", 0)
    return State(seed, variant)


def options_of(st):
    """The options a State was made with (what a record keeps)."""
    return {"variant": st.variant}


def kind(move):
    """decode(move)[0] of a legal move, without building the tuple (hot loops)."""
    if move < DECLARE:
        return KIND_PLAY
    if move < CAULDRON:
        return KIND_DECLARE
    if move < RETREAT:
        return KIND_CAULDRON
    return KIND_RETREAT if move < DONE else KIND_DONE


def decode(move):
    """(kind, card, tile, tiles) of a move int; IllegalMove if it is no move of this game."""
    if type(move) is not int or move < 0 or move > DONE or move == RETREAT:
        raise IllegalMove("no such move: %r" % (move,))
    if move < DECLARE:
        if move // 7 >= NSIEGE:
            raise IllegalMove("no such move: %r" % (move,))
        return (KIND_PLAY, move // 7, move % 7, 0)
    if move < CAULDRON:
        return (KIND_DECLARE, -1, move - DECLARE, 0)
    if move < RETREAT:
        return (KIND_CAULDRON, -1, move - CAULDRON, 0)
    if move < DONE:
        return (KIND_RETREAT, -1, -1, move - RETREAT)
    return (KIND_DONE, -1, -1, 0)


def encode(kind, card=-1, tile=-1, tiles=0):
    """The move int of decode's parts: encode(KIND_PLAY, 47, 2) == 331."""
    if kind == KIND_PLAY:
        return card * 7 + tile
    if kind == KIND_DECLARE:
        return DECLARE + tile
    if kind == KIND_CAULDRON:
        return CAULDRON + tile
    if kind == KIND_RETREAT:
        return RETREAT + tiles
    if kind == KIND_DONE:
        return DONE
    raise IllegalMove("no such move kind: %r" % (kind,))


def move_text(move):
    """Move int to text ("B11@3", "C3", "oil3", "ret135", "done"): engine.st2.notation."""
    from engine.st2.notation import move_text as text

    return text(move)


def parse_move(text):
    """Text to move int: engine.st2.notation."""
    from engine.st2.notation import parse_move as parse

    return parse(text)


def position_text(st):
    from engine.st2.notation import position_text as text

    return text(st)


def parse_position(text):
    from engine.st2.notation import parse_position as parse

    return parse(text)


def claim_check(st, tile):
    """Why the Attacker may not declare control of `tile` (0-based) now, or None if it holds:
    a string, or the Defender's cards that would win (empty: their complete formation wins)."""
    return st.declare_check(tile)


def claimable(st):
    """The tiles the Attacker may declare now (sorted)."""
    return st.declarable()


def is_over(st):
    return st.phase == PH_OVER


def result(st):
    """(winner, cards left in the deck, tiles in good repair + unused cauldrons): the figures
    the revenge match compares (engine.st2.match); winner is 0 (Attacker) or 1, or -1 before
    the end."""
    return (st.winner if st.phase == PH_OVER else -1, st.ndeck, st.undamaged_plus_oil())


def new_match(mode=1):
    """A Match: 0 a single game, 1 the revenge match (two games, roles swapped)."""
    from engine.st2.match import Match

    return Match(mode)
