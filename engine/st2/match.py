"""Schotten Totten 2 matches: a single game, or the revenge match of the rulebook.

"To reveal the true winner, we recommend playing two games back to back, exchanging roles. If
the same player wins each time, they are the undisputed champion. If both players win a game
... If both players win as the Attacker, the player who won with more cards left in the deck is
the ultimate winner. If both players win as the Defender, the player with more Wall tiles in
good repair plus unused Oil Cauldron tokens is the ultimate winner. In case of a tie, play a
rematch to determine the winner!" Decision (docs/RULES.md): the rematch is another revenge
pair, in the same seating, as often as needed. Match player 0 attacks in games 1, 3, 5, ...;
in every game's State the Attacker is player 0, so `attacker(i)` maps roles to match players.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st2.cards import NONE

SINGLE = const(0)
REVENGE = const(1)


class Match:
    """Games, their results and the match winner; `new_game(seed)` gives each game's State."""

    def __init__(self, mode=REVENGE, variant=0):
        if mode != SINGLE and mode != REVENGE:
            raise IllegalMove("a match is single (0) or revenge (1)")
        if variant != 0 and variant != 1:
            raise IllegalMove("no such variant: %r (0 the base game, 1 the tactic variant)" % (variant,))
        self.mode = mode
        self.variant = variant
        self.results = []  # per game: (winning match player, won as Attacker, deck left, tiles+oil)

    def attacker(self, i=None):
        """The match player attacking in game i (0-based; default: the next game)."""
        return (len(self.results) if i is None else i) & 1

    def new_game(self, seed):
        if self.over():
            raise IllegalMove("the match is over")
        from engine.st2.game import new_state  # the variant's modules loaded leaves first

        return new_state({"variant": self.variant}, seed)

    def finish_game(self, st):
        """Record a finished game (its State)."""
        if st.winner == NONE:
            raise IllegalMove("the game is not finished")
        if self.over():
            raise IllegalMove("the match is over")
        a = self.attacker()
        self.results.append(
            (a if st.winner == 0 else a ^ 1, st.winner == 0, st.ndeck, st.undamaged_plus_oil())
        )

    def _pair(self, j):
        """Winner (0/1) of the revenge pair starting at game j, or -1 if it is tied."""
        w1, att1, deck1, good1 = self.results[j]
        w2, att2, deck2, good2 = self.results[j + 1]
        if w1 == w2:
            return w1
        if att1:  # each won as the Attacker: more cards left in the deck
            return w1 if deck1 > deck2 else w2 if deck2 > deck1 else -1
        return w1 if good1 > good2 else w2 if good2 > good1 else -1

    def winner(self):
        """0 or 1 once decided, None before."""
        n = len(self.results)
        if self.mode == SINGLE:
            return self.results[0][0] if n else None
        j = 0
        while j + 2 <= n:
            w = self._pair(j)
            if w >= 0:
                return w
            j += 2
        return None

    def over(self):
        return self.winner() is not None


VERSION = 0x22  # a match record's first byte: the second game << 4 | format 2


def pack_games(mode, variant, games, head=b""):
    """A match's packed record (engine.st2.record's format) after the bytes `head`, as one
    bytearray (a save's only copy): `games` gives (seed, moves) per game. Here, not in
    engine.st2.record: a device save packs while the AI's code is loaded, and this module is
    loaded with every game of the second game, so the save compiles nothing
    (engine.st2.record is compiled only for a resume)."""
    i = len(head)
    n = i + 4
    for _, moves in games:
        n += 6 + 2 * len(moves)
    out = bytearray(n)
    out[0:i] = head
    out[i] = VERSION
    out[i + 1] = variant
    out[i + 2] = mode
    out[i + 3] = len(games)
    i += 4
    for seed, moves in games:
        for k in range(4):
            out[i + k] = (seed >> (24 - 8 * k)) & 255
        out[i + 4] = len(moves) >> 8
        out[i + 5] = len(moves) & 255
        i += 6
        for m in moves:
            out[i] = m >> 8
            out[i + 1] = m & 255
            i += 2
    return out
