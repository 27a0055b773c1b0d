"""Schotten Totten (the first game) behind the one game interface (docs/ENGINE.md): constants,
the constructor, move decoding and text, the claim prover entry, the end and the score, so
that nothing outside engine.st1 does arithmetic on its moves. The State itself carries
legal_moves(), apply(move, player=None), view(p), copy(), to_move, phase and winner (a View's
determinization: engine.deal). Variant 0 is the base game (engine.st1.State), variant 1 the tactic
variant (engine.st1.tactic.state.TState, loaded only when asked for).

decode(move) -> (kind, card, stone, extra): kind is one of the KIND_* constants (numbered as
in every game, docs/ENGINE.md); card is the card int (PLAY, or the card a step names) or -1;
stone the 0-based stone (PLAY, CLAIM, or the stone a step names) or -1; extra is the deck of
a DRAW (0 clan, 1 tactic), 1 (X_DISCARD) for Strategist's step to the discard, else 0.
Examples: decode(299) == (KIND_PLAY, 33, 2, 0) (G7 on stone 3); decode(578) == (KIND_CLAIM,
-1, 2, 0) (claim stone 3); decode(558) == (KIND_PLAY, 62, -1, 0) (BANSHEE: a ruse has no
stone); decode(588) == (KIND_DRAW, -1, -1, 1) (draw a tactic card); decode(622) ==
(KIND_STEP, 33, -1, 0) (a ruse's step naming G7); decode(655) == (KIND_STEP, -1, 2, 0) (the
step putting the chosen card on stone 3); decode(662) == (KIND_STEP, -1, -1, X_DISCARD).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st1.table import (  # noqa: F401 - part of the interface
    CLAIM,
    DONE,
    HAND,
    HMAX,
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
VARIANTS = ("base", "tactic")
NCARDS = const(64)  # card ints: clan cards 0..53 (engine.cards), tactic cards 54..63
NCLAN = const(54)
NMOVES = const(663)  # the move space, the tactic variant's moves included (base: 0..586)

# The tactic variant's moves (engine.st1.tactic.table, whose numbers tests/test_tactic_notation.py::
# test_the_move_numbers_agree_between_the_game_object_and_the_engine checks against these):
# a deck choice, a ruse's step naming a card, a stone, or the discard.
DRAW = const(587)
STEP_CARD = const(589)
STEP_STONE = const(653)
STEP_DISCARD = const(662)
X_DISCARD = const(1)
_RUSE = const(60)  # RECRUITER, STRATEGIST, BANSHEE, TRAITOR: played next to the deck

# Phases and kinds are numbered alike in every game (docs/ENGINE.md); 3..4 and 6..7 are the
# tactic variant's: a deck choice after playing, a ruse's further steps.
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
    """A new game's State. opts: None or a dict of "variant" (0: the base game, 1: the tactic
    variant), "timing" (T2016 or T1999) and "first" (the starting player, 0 or 1); missing
    keys take defaults."""
    if not opts:
        opts = {}
    variant = opts.get("variant", 0)
    timing = opts.get("timing", T2016)
    first = opts.get("first", 0)
    if variant not in (0, 1) or timing not in (T2016, T1999) or first not in (0, 1):
        raise IllegalMove("bad options: %r" % (opts,))
    if variant:
        # The elite troops' proofs (engine.st1.tactic.table imports them at the first elite scored)
        # loaded now, before the game cuts the heap up: on the device twin its code, loaded
        # mid-game, found no room for a piece of it at 128K.
        from engine.st1.tactic import prove  # noqa: F401
        from engine.st1.tactic.state import TState

        return TState(seed, timing, first)
    from engine.st1 import State

    return State(seed, timing, first)


def options_of(st):
    """The options a State was made with (what a record keeps)."""
    return {"variant": st.VARIANT, "timing": st.timing, "first": st.first}


def decode(move):
    """(kind, card, stone, extra) of a move int; IllegalMove if it is no move of this game."""
    if type(move) is not int or move < 0 or move >= NMOVES:  # not a bool either
        raise IllegalMove("no such move: %r" % (move,))
    if move < CLAIM:
        c, s = move // 9, move % 9
        if c < _RUSE:
            return (KIND_PLAY, c, s, 0)
        if s:
            raise IllegalMove("no such move: %r" % (move,))
        return (KIND_PLAY, c, -1, 0)
    if move < DONE:
        return (KIND_CLAIM, -1, move - CLAIM, 0)
    if move == DONE:
        return (KIND_DONE, -1, -1, 0)
    if move == PASS:
        return (KIND_PASS, -1, -1, 0)
    if move < STEP_CARD:
        return (KIND_DRAW, -1, -1, move - DRAW)
    if move < STEP_STONE:
        return (KIND_STEP, move - STEP_CARD, -1, 0)
    if move < STEP_DISCARD:
        return (KIND_STEP, -1, move - STEP_STONE, 0)
    return (KIND_STEP, -1, -1, X_DISCARD)


def encode(kind, card=-1, target=-1, extra=0):
    """The move int of decode's parts: encode(KIND_PLAY, 33, 2) == 299."""
    if kind == KIND_PLAY and 0 <= card < NCARDS and extra == 0:
        if card < _RUSE and 0 <= target < NSTONES:
            return card * 9 + target
        if card >= _RUSE and target == -1:
            return card * 9
    if kind == KIND_CLAIM and 0 <= target < NSTONES:
        return CLAIM + target
    if kind == KIND_DONE:
        return DONE
    if kind == KIND_PASS:
        return PASS
    if kind == KIND_DRAW and extra in (0, 1):
        return DRAW + extra
    if kind == KIND_STEP:
        if 0 <= card < NCARDS and target == -1 and extra == 0:
            return STEP_CARD + card
        if card == -1 and 0 <= target < NSTONES and extra == 0:
            return STEP_STONE + target
        if card == -1 and target == -1 and extra == X_DISCARD:
            return STEP_DISCARD
    raise IllegalMove("no such move: %r" % ((kind, card, target, extra),))


def kind(move):
    """decode(move)[0], without building the tuple (hot loops: the AI, the arena)."""
    if move < CLAIM:
        return KIND_PLAY
    if move < DONE:
        return KIND_CLAIM
    if move < PASS:
        return KIND_DONE
    if move < DRAW:
        return KIND_PASS
    return KIND_DRAW if move < STEP_CARD else KIND_STEP


def _tactic(move):
    """True for a move only the tactic variant has (a tactic card's play, a draw, a step)."""
    return move >= DRAW or (move < CLAIM and move // 9 >= NCLAN)


def move_text(move):
    """Move int to text ("G7@3", "C3", "done", "pass", "SPY@3", "BANSHEE", "+tactic",
    "*G7", ">3", ">discard"): engine.st1.notation, engine.st1.tactic.notation."""
    decode(move)  # IllegalMove for a number that is no move
    if _tactic(move):
        from engine.st1.tactic.notation import move_text as text
    else:
        from engine.st1.notation import move_text as text
    return text(move)


def parse_move(text):
    """Text to move int: engine.st1.notation, else engine.st1.tactic.notation (tactic moves; its
    error names every form)."""
    from engine.st1.notation import parse_move as parse

    try:
        return parse(text)
    except IllegalMove:
        from engine.st1.tactic.notation import parse_move as tparse

        return tparse(text)


def position_text(st):
    if st.VARIANT:
        from engine.st1.tactic.notation import position_text as text
    else:
        from engine.st1.notation import position_text as text
    return text(st)


def parse_position(text):
    """Text to State: a tactic position says "tactic" after the timing."""
    from engine.text import text_of

    f = text_of(text, "position").split(None, 3)
    if len(f) > 2 and f[2] == "tactic":
        from engine.st1.tactic.notation import parse_position as parse
    else:
        from engine.st1.notation import parse_position as parse
    return parse(text)


def claim_check(st, stone, p=None):
    """Why player p (default: the player to move) may not claim `stone` (0-based) now, or None
    if the claim holds: a string, or the opponent's cards that would win (empty: their
    complete formation wins)."""
    return st.claim_check(stone, st.to_move if p is None else p)


def can_try(st, stone):
    """May the player to move try to claim `stone` at all: in the claim step, not claimed,
    their side of it complete? (Whether the claim holds is claim_check's; ui.pick offers
    these with manual claims, to say why a claim does not hold, without a claim_check on
    every stone; ui.session.to_try keeps the step for them.)"""
    return st.phase == PH_CLAIM and not st.owner[stone] and st.cnt[stone * 2 + st.to_move] >= st.need[stone]


def claimable(st):
    """The stones the player to move may claim now (sorted; empty outside the claim step)."""
    return st.claimable()


def is_over(st):
    return st.phase == PH_OVER


def result(st):
    """(winner, stones of player 1, stones of player 2); winner -1 before the end."""
    return (st.winner if st.phase == PH_OVER else -1, st.stones_of(0), st.stones_of(1))


def new_match(rounds=1, timing=T2016, first=0, variant=0):
    """A Match of `rounds` rounds (engine.match): 5 points to a round's winner, one per stone
    to its loser; `variant` 1 plays the tactic variant."""
    from engine.match import Match

    return Match(rounds, timing, first, variant)
