"""Schotten Totten 2 as a game behind the one game interface (issue 11): the constants, the
constructor and the move decoding a generic caller needs, so that nothing outside engine.st2
does arithmetic on its moves. The State itself carries legal_moves(), apply(move, player=None),
view(p), copy(), to_move, phase and winner (a View's determinization: engine.deal). Variant 0 is the base
game (engine.st2.state), variant 1 the tactic variant (engine.st2.tactic.state, loaded only for it).

decode(move) -> (kind, card, target, extra), one per step (docs/ENGINE.md):
  KIND_PLAY     card, tile, 0      a siege card or elite troop at a tile (0-based)
  KIND_PLAY     card, -1, 0        an action card (its targets are the steps that follow)
  KIND_DECLARE  -1, tile, 0        KIND_CAULDRON -1, tile, 0
  KIND_RETREAT  -1, -1, tiles      tiles: bit t = tile t
  KIND_DONE     -1, -1, 0          KIND_PASS     -1, -1, 0
  KIND_DRAW     -1, -1, deck       deck 0 the siege deck, 1 the tactic deck
  KIND_STEP     card, -1, 0        an action's step: a card
  KIND_STEP     -1, tile, 0        an action's step: a tile
  KIND_STEP     -1, -1, 1          Redeployment's step: the discard
Example: decode(331) == (KIND_PLAY, 47, 2, 0) (B11 at tile 3); decode(523) == (KIND_RETREAT,
-1, -1, 0b101) (a retreat from tiles 1 and 3); decode(462) == (KIND_PLAY, 66, -1, 0)
(DESERTION); decode(697) == (KIND_STEP, 47, -1, 0) (its target, B11).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st2.cards import NCARDS, NSIEGE, NTILES, need  # noqa: F401 - part of the interface
from engine.st2.moves import (  # noqa: F401 - part of the interface
    CAULDRON,
    DECLARE,
    DONE,
    DRAW_SIEGE,
    HAND,
    HMAX,
    NMOVES,
    PASS,
    PH_ACTION,
    PH_DECLARE,
    PH_DRAW,
    PH_EXCHANGE,
    PH_OVER,
    PH_PLAY,
    RETREAT,
    TARGET_CARD,
    TARGET_DISCARD,
    TARGET_TILE,
)

NAME = "st2"
ID = const(2)  # the game's number in records (engine.games)
NPLAYERS = const(2)
NTARGETS = NTILES  # wall tiles: what a card is played at and what is declared
VARIANTS = ("base", "tactic")  # the numbers records carry
NROLES = const(2)  # player 0 is the Attacker, player 1 the Defender, in every game's State

KIND_PLAY = const(0)
KIND_DECLARE = const(1)
KIND_CAULDRON = const(2)
KIND_RETREAT = const(3)
KIND_DONE = const(4)
KIND_CLAIM = KIND_DECLARE  # the kinds are numbered alike in every game (docs/ENGINE.md)
KIND_PASS = const(5)  # the tactic variant: no card can be played
KIND_DRAW = const(6)  # the tactic variant: a deck choice
KIND_STEP = const(7)  # the tactic variant: an action card's step
KIND_NAMES = ("play", "declare", "cauldron", "retreat", "done", "pass", "draw", "step")
_TACTIONS = const(64)  # the tactic cards (engine.st2.tactic.cards): elite troops 60..63, actions
_TEND = const(71)


def new_state(options=None, seed=None):
    """A new game's State. options: None or a dict; {"variant": 0} is the base game,
    {"variant": 1} the tactic variant."""
    variant = 0 if not options else options.get("variant", 0)
    if variant == 1 and type(variant) is int:
        from engine.st2.tactic import load  # noqa: F401 - the variant's modules, leaves first
        from engine.st2.tactic.state import TState

        return TState(seed)
    from engine.st2.state import State

    return State(seed, variant)


def options_of(st):
    """The options a State was made with (what a record keeps): {"variant": 0 or 1}."""
    return {"variant": st.variant}


def kind(move):
    """decode(move)[0] of a legal move, without building the tuple (hot loops)."""
    if move < DECLARE:
        return KIND_PLAY
    if move < CAULDRON:
        return KIND_DECLARE
    if move < RETREAT:
        return KIND_CAULDRON
    if move < DONE:
        return KIND_RETREAT
    if move < PASS:
        return KIND_DONE
    if move == PASS:
        return KIND_PASS
    return KIND_DRAW if move < TARGET_CARD else KIND_STEP


def decode(move):
    """(kind, card, target, extra) of a move int (the table above); IllegalMove if it is no
    move of this game."""
    if type(move) is not int or move < 0 or move > TARGET_DISCARD or move == RETREAT:
        raise IllegalMove("no such move: %r" % (move,))
    if move < DECLARE:
        c = move // 7
        if c < _TACTIONS:
            return (KIND_PLAY, c, move % 7, 0)
        if c < _TEND and move % 7 == 0:
            return (KIND_PLAY, c, -1, 0)
        raise IllegalMove("no such move: %r" % (move,))
    if move < CAULDRON:
        return (KIND_DECLARE, -1, move - DECLARE, 0)
    if move < RETREAT:
        return (KIND_CAULDRON, -1, move - CAULDRON, 0)
    if move < DONE:
        return (KIND_RETREAT, -1, -1, move - RETREAT)
    if move == DONE:
        return (KIND_DONE, -1, -1, 0)
    if move == PASS:
        return (KIND_PASS, -1, -1, 0)
    if move < TARGET_CARD:
        return (KIND_DRAW, -1, -1, move - DRAW_SIEGE)
    if move < TARGET_TILE:
        if move - TARGET_CARD >= _TEND:
            raise IllegalMove("no such move: %r" % (move,))
        return (KIND_STEP, move - TARGET_CARD, -1, 0)
    if move < TARGET_DISCARD:
        return (KIND_STEP, -1, move - TARGET_TILE, 0)
    return (KIND_STEP, -1, -1, 1)


def encode(kind, card=-1, tile=-1, extra=0):
    """The move int of decode's parts: encode(KIND_PLAY, 47, 2) == 331."""
    if kind == KIND_PLAY:
        return card * 7 if card >= _TACTIONS else card * 7 + tile
    if kind == KIND_DECLARE:
        return DECLARE + tile
    if kind == KIND_CAULDRON:
        return CAULDRON + tile
    if kind == KIND_RETREAT:
        return RETREAT + extra
    if kind == KIND_DONE:
        return DONE
    if kind == KIND_PASS:
        return PASS
    if kind == KIND_DRAW:
        return DRAW_SIEGE + extra
    if kind == KIND_STEP:
        if card >= 0:
            return TARGET_CARD + card
        return TARGET_TILE + tile if tile >= 0 else TARGET_DISCARD
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


def can_try(st, tile):
    """May the player to move try to declare control of `tile` at all: the Attacker, before
    the card or in the declare step ("At any time during their turn"), their formation there
    complete? (Whether it holds is claim_check's; ui.pick offers these with manual
    declarations, to say why a declaration does not hold.)"""
    return not st.to_move and st.phase <= PH_DECLARE and st.cnt[tile * 2] >= need(tile, st.side[tile])


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


def new_match(mode=1, variant=0):
    """A Match: 0 a single game, 1 the revenge match (two games, roles swapped); variant 0
    the base game, 1 the tactic variant."""
    from engine.st2.match import Match

    return Match(mode, variant)
