"""Schotten Totten 2: the move space and the phases of a turn (state layout: engine.st2.table).

A turn (phases): PH_PLAY — the optional preparation action (at most one: a retreat or a
cauldron), the Attacker's declarations (any number, before or after the preparation), then one
card; the Defender's card ends the turn (draw). After the Attacker's card comes PH_DECLARE
while a declaration is possible: declarations, then DONE (draw); with none possible the turn
ends at once. Numbers 3..5 are kept for the variant: PH_DRAW (deck choice), PH_ACTION
(multi-step action cards), PH_EXCHANGE (the non-moving player's step).

Moves are ints in one flat space (legal lists come back sorted):
  PLAY      card * 7 + tile      play a hand card at a tile (0..503; ids 60..71 kept for tactics)
  DECLARE   504 + tile           the Attacker declares control of a tile
  CAULDRON  511 + tile           the Defender's oil cauldron on a tile
  RETREAT   518 + mask           the Attacker retreats from the tiles of mask (bit t = tile t;
                                 1..127, so 519..645)
  DONE      646                  end the declarations after playing, and draw
The tactic variant's moves (engine.st2.tactic.state; the base game refuses them):
  PLAY      card * 7 + tile      an elite troop (60..63) at a tile; an action card (64..70) is
                                 card * 7 (its targets are the steps that follow)
  PASS      647                  no card can be played (docs/RULES.md)
  DRAW_SIEGE 648, DRAW_TACTIC 649  the deck to draw from (PH_DRAW)
  TARGET_CARD 650 + card         an action's step: a card (on the wall, discarded, in a hand)
  TARGET_TILE 722 + tile         an action's step: a tile
  TARGET_DISCARD 729             Redeployment's step: discard the chosen card
  730..767  unused
Example: B11 (47) at tile 3 (index 2) is 47 * 7 + 2 = 331; declaring tile 3 is 506; a
cauldron on tile 3 is 513; retreating from tiles 1 and 3 is 518 + 0b101 = 523.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.cards import NTILES

SLOTS = const(4)
HMAX = const(7)
HAND = const(6)
THAND = const(7)  # the tactic variant's hand
OIL = const(3)
ATTACKER = const(0)
DEFENDER = const(1)

PLAY = const(0)
DECLARE = const(504)
CAULDRON = const(511)
RETREAT = const(518)
DONE = const(646)
PASS = const(647)
DRAW_SIEGE = const(648)
DRAW_TACTIC = const(649)
TARGET_CARD = const(650)
TARGET_TILE = const(722)
TARGET_DISCARD = const(729)
NMOVES = const(768)

PH_PLAY = const(0)
PH_DECLARE = const(1)
PH_OVER = const(2)
PH_DRAW = const(3)
PH_ACTION = const(4)
PH_EXCHANGE = const(5)


def encode_play(card, tile):
    """PLAY move for a card int and a 0-based tile: encode_play(47, 2) == 331."""
    return card * 7 + tile


def decode_play(move):
    """(card, tile) of a PLAY move: decode_play(331) == (47, 2)."""
    return move // 7, move % 7


def encode_retreat(tiles):
    """RETREAT move for an iterable of 0-based tiles: encode_retreat((0, 2)) == 523."""
    m = 0
    for t in tiles:
        m |= 1 << t
    return RETREAT + m


def decode_retreat(move):
    """0-based tiles of a RETREAT move, ascending: decode_retreat(523) == [0, 2]."""
    m = move - RETREAT
    return [t for t in range(NTILES) if m >> t & 1]
