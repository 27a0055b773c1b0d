"""Schotten Totten 2 tactic variant: the full State (docs/RULES.md, "Tactic variant").

The base game's State with a tactic deck of 11, hands of 7, the deck choice when drawing
(PH_DRAW), elite troops played like siege cards, action cards carried out step by step
(engine.st2.tactic.steps), the one-more-tactic rule and the pass. Fields: engine.st2.tactic.legal.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st2.rules import Rules
from engine.st2.state import State
from engine.st2.table import copy_table
from engine.st2.tactic.legal import TLegal, copy_tactic

_PH_PLAY = const(0)
_PH_DRAW = const(3)
_PH_ACTION = const(4)
_PH_EXCHANGE = const(5)
_HMAX = const(7)
_THAND = const(7)
_NTACTIC = const(11)
_FIRST = const(60)
_NSIEGE = const(60)
_ACTIONS = const(64)
_SUPPORT = const(69)
_EXCHANGE = const(70)
_END = const(71)
_NCARDS = const(72)
_DECLARE = const(504)
_CAULDRON = const(511)
_DONE = const(646)
_PASS = const(647)
_DRAW_SIEGE = const(648)
_DRAW_TACTIC = const(649)
_TARGET_CARD = const(650)


class TState(TLegal, State):
    """The whole tactic game (both hands, both decks' order, the chance of Support's shuffle)."""

    def __init__(self, seed=None):
        State.__init__(self)
        self.variant = 1
        self.tdeck = bytearray(range(_FIRST, _END))
        self.ntdeck = _NTACTIC
        self.tcount = bytearray(2)
        self.act = 0
        self.nstep = 0
        self.xk = 0
        self.pick = bytearray(b"\xff" * 6)
        self.kn = bytearray(_NCARDS)
        self.shown = bytearray(b"\xff" * 8)
        self.chz = self.chw = 1
        if seed is not None:
            from engine.rng import Rng

            r = Rng(seed)
            r.shuffle(self.deck)  # the siege deck as the base game deals it
            r.shuffle(self.tdeck)
            for i in range(_THAND):  # "Each player begins with 7 Siege cards"
                self.hand[i] = self._pop()
                self.hand[_HMAX + i] = self._pop()
            self.chz, self.chw = r.state()  # Support's shuffles go on from here

    def copy(self):
        s = object.__new__(TState)
        copy_table(s, self)
        copy_tactic(s, self)
        s.hand = self.hand[:]
        s.deck = self.deck[:]
        s.tdeck = self.tdeck[:]
        s.chz = self.chz
        s.chw = self.chw
        return s

    def view(self, p):
        from engine.st2.tactic.view import TView

        return TView(self, p)

    def slot(self, p, c):
        """The hand slot of card c in player p's hand, or -1."""
        for i in range(p * _HMAX, p * _HMAX + _HMAX):
            if self.hand[i] == c:
                return i
        return -1

    def apply(self, move, player=None):
        """Apply a move of the player to move (or check it is `player`'s); IllegalMove, with the
        state unchanged, if it is not legal."""
        p = self.check(move, player)
        ph = self.phase
        if ph == _PH_ACTION or ph == _PH_EXCHANGE:
            # One local for the step's function: this frame is under the deepest proofs'
            if self.act == _EXCHANGE:  # the two that move hidden cards: engine.st2.tactic.hidden
                from engine.st2.tactic.hidden import exchange as step
            elif self.act == _SUPPORT:
                from engine.st2.tactic.hidden import support as step
            else:
                from engine.st2.tactic.steps import step
            step(self, p, move)
        elif ph == _PH_DRAW:
            if move != _DRAW_SIEGE and (move != _DRAW_TACTIC or not self.ntdeck):
                raise IllegalMove("draw now: ds (the siege deck) or dt (the tactic deck, while it lasts)")
            self.draw(p, move == _DRAW_TACTIC)
        elif move < _DECLARE:
            c = move // 7
            if c < _ACTIONS:
                if c >= _FIRST:
                    if self.slot(p, c) < 0:
                        from engine.st2.tactic.cards import name

                        raise IllegalMove("%s is not in player %d's hand" % (name(c), p + 1))
                    self.tactic_check(p)
                    self._play(p, c, move % 7)  # an elite troop is played like a siege card
                    self.tcount[p] += 1
                else:
                    self._play(p, c, move % 7)
                self.kn[c] = 0
            elif c < _END and move % 7 == 0:
                from engine.st2.tactic.steps import start

                start(self, p, c)
            else:
                raise IllegalMove("no such move: %r" % (move,))
        elif move < _DONE:
            from engine.st2.actions import act

            t = move - _DECLARE
            vals = []  # the elite troops' values, scored once for the check and the display
            if move < _CAULDRON and self.has_elite(t):
                act(self, p, move, (self.declare_check(t, vals),))
            else:
                act(self, p, move)
            if move < _CAULDRON:
                sh = self.shown
                sh[:] = b"\xff" * 8
                for j in range(len(vals)):
                    sh[2 * j] = vals[j][0]
                    sh[2 * j + 1] = vals[j][1]
        elif move == _DONE:
            State.apply(self, move)
        elif move == _PASS:
            plays = []
            if ph == _PH_PLAY:
                self.card_moves(p, plays)
            if not self.pass_ok(p, plays):
                raise IllegalMove("a pass only instead of a card, when none can be played (or made room for)")
            self.next_turn(p)
        elif move < _TARGET_CARD:
            raise IllegalMove("the draw (ds, dt) comes after the card")
        else:
            raise IllegalMove("that is an action card's step, and no action card is being played")

    def tactic_check(self, p):
        if not self.may_tactic(p):
            raise IllegalMove(
                "you can only play one Tactic card more than your opponent (%d played, against %d)"
                % (self.tcount[p], self.tcount[p ^ 1])
            )

    def end_turn(self, p):
        """After the card (and the Attacker's declarations): the draw, a choice while the
        tactic deck lasts."""
        if self.ntdeck:
            self.phase = _PH_DRAW
            self.to_move = p
        else:
            self.draw(p, False)

    def draw(self, p, tactic):
        if tactic:
            self.ntdeck -= 1
            self.take(p, self.tdeck[self.ntdeck])
            self.next_turn(p)
            return
        if self.ndeck:
            kn = self.kn
            if self.loc[_SUPPORT] > 2:  # SUPPORT has been played: someone may know deck cards
                # The other player no longer knows where they are: the card drawn may be one.
                bit = 4 << (p ^ 1)
                for j in range(_NSIEGE):
                    if kn[j] & bit:
                        kn[j] ^= bit
            kn[self.deck[self.ndeck - 1]] = 0
        # "When a player ends their turn by drawing a Siege card but the deck is empty, the
        # game ends immediately. The Defender wins the game."
        Rules.end_turn(self, p)
