"""Schotten Totten 2 tactic variant: the full State (docs/RULES.md, "Tactic variant").

The base game's State with a tactic deck of 11, hands of 7, the deck choice when drawing
(PH_DRAW), elite troops played like siege cards, action cards carried out step by step
(engine.st2.tsteps), the one-more-tactic rule and the pass. Fields: engine.st2.tlegal.
"""

from engine.errors import IllegalMove
from engine.st2.cards import NCARDS, NONE, NSIEGE, WALL
from engine.st2.moves import (
    CAULDRON,
    DECLARE,
    DEFENDER,
    DONE,
    DRAW_SIEGE,
    DRAW_TACTIC,
    HMAX,
    NMOVES,
    PASS,
    PH_ACTION,
    PH_DECLARE,
    PH_DRAW,
    PH_EXCHANGE,
    PH_OVER,
    PH_PLAY,
    SLOTS,
    THAND,
)
from engine.st2.state import State
from engine.st2.table import copy_table
from engine.st2.tcards import ACTIONS, END, FIRST, NTACTIC
from engine.st2.tlegal import TLegal, copy_tactic


class TState(TLegal, State):
    """The whole tactic game (both hands, both decks' order, the chance of Support's shuffle)."""

    def __init__(self, seed=None):
        State.__init__(self)
        self.variant = 1
        self.tdeck = bytearray(range(FIRST, END))
        self.ntdeck = NTACTIC
        self.tcount = bytearray(2)
        self.act = 0
        self.nstep = 0
        self.xk = 0
        self.pick = bytearray(b"\xff" * 6)
        self.kn = bytearray(NCARDS)
        self.shown = bytearray(b"\xff" * 8)
        self.chz = self.chw = 1
        if seed is not None:
            from engine.rng import Rng

            r = Rng(seed)
            r.shuffle(self.deck)  # the siege deck as the base game deals it
            r.shuffle(self.tdeck)
            for i in range(THAND):  # "Each player begins with 7 Siege cards"
                self.hand[i] = self._pop()
                self.hand[HMAX + i] = self._pop()
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
        from engine.st2.tview import TView

        return TView(self, p)

    def slot(self, p, c):
        """The hand slot of card c in player p's hand, or -1."""
        for i in range(p * HMAX, p * HMAX + HMAX):
            if self.hand[i] == c:
                return i
        return -1

    def place(self, i, c):
        """Put card c on top of side i (the farthest from the tile), stamping a completion."""
        n = self.cnt[i]
        self.board[i * SLOTS + n] = c
        self.cnt[i] = n + 1
        self.loc[c] = 1
        if n + 1 == WALL[(i >> 1) * 2 + self.side[i >> 1]] >> 4:
            self.done[i] = self.nplayed

    def apply(self, move, player=None):
        """Apply a move of the player to move (or check it is `player`'s); IllegalMove, with the
        state unchanged, if it is not legal."""
        if self.phase == PH_OVER:
            raise IllegalMove("the game is over")
        p = self.to_move
        if player is not None and (player != p or type(player) is not int):
            if type(player) is not int or player < 0 or player > 1:
                raise IllegalMove("no such player: %r (players are 0 and 1)" % (player,))
            raise IllegalMove("it is player %d's turn, not player %d's" % (p + 1, player + 1))
        if type(move) is not int or move < 0 or move >= NMOVES:
            raise IllegalMove("no such move: %r" % (move,))
        ph = self.phase
        if ph == PH_ACTION or ph == PH_EXCHANGE:
            from engine.st2.tsteps import step

            step(self, p, move)
        elif ph == PH_DRAW:
            if move == DRAW_SIEGE or (move == DRAW_TACTIC and self.ntdeck):
                self.draw(p, move == DRAW_TACTIC)
            elif move == DRAW_TACTIC:
                raise IllegalMove("the tactic deck is empty: draw a siege card")
            else:
                raise IllegalMove("draw a card now: choose the siege deck or the tactic deck")
        elif move < DECLARE:
            c = move // 7
            if c < FIRST:
                self._play(p, c, move % 7)
                self.kn[c] = 0
            elif c < ACTIONS:
                self._elite(p, c, move % 7)
            elif c < END and move % 7 == 0:
                from engine.st2.tsteps import start

                start(self, p, c)
            else:
                raise IllegalMove("no such move: %r" % (move,))
        elif move < DONE:
            from engine.st2.actions import act

            vals = ()
            t = move - DECLARE
            if move < CAULDRON and self.has_elite(t) and self.cnt[t * 2] == self.need(t):
                vals = self.elite_values(t)
            act(self, p, move)
            if move < CAULDRON:
                self.shown[:] = b"\xff" * 8
                for j in range(len(vals)):
                    self.shown[2 * j] = vals[j][0]
                    self.shown[2 * j + 1] = vals[j][1]
        elif move == DONE:
            if ph != PH_DECLARE:
                raise IllegalMove("done ends the declarations after playing a card; play a card first")
            self.end_turn(p)
        elif move == PASS:
            if ph != PH_PLAY:
                raise IllegalMove("a pass takes the place of the card: a card is already played")
            plays = []
            self.card_moves(p, plays)
            if not self.pass_ok(p, plays):
                raise IllegalMove("a pass only when no card can be played (or made room for by a retreat)")
            self.finish_turn(p)
        else:
            raise IllegalMove("that is an action card's step, and no action card is being played")

    def _elite(self, p, c, t):
        if self.phase != PH_PLAY:
            raise IllegalMove("a card is already played this turn: declare control or end with done")
        i = self.slot(p, c)
        if i < 0:
            from engine.st2.tcards import name

            raise IllegalMove("%s is not in player %d's hand" % (name(c), p + 1))
        self.tactic_check(p)
        s = t * 2 + p
        n = self.cnt[s]
        if n >= WALL[t * 2 + self.side[t]] >> 4:
            raise IllegalMove("tile %d already has its %d cards on player %d's side" % (t + 1, n, p + 1))
        self.hand[i] = NONE
        self.tcount[p] += 1
        self.nplayed += 1
        self.kn[c] = 0
        # Chicken versus Chef never applies: an elite troop has no printed colour or strength.
        self.place(s, c)
        self._after_play(p)

    def tactic_check(self, p):
        if not self.may_tactic(p):
            raise IllegalMove(
                "you can only play one Tactic card more than your opponent (%d played, against %d)"
                % (self.tcount[p], self.tcount[p ^ 1])
            )

    def end_turn(self, p):
        """After the card (and the Attacker's declarations): the draw, with a choice while
        the tactic deck lasts."""
        if self.ntdeck:
            self.phase = PH_DRAW
            self.to_move = p
        else:
            self.draw(p, False)

    def draw(self, p, tactic):
        if tactic:
            self.ntdeck -= 1
            c = self.tdeck[self.ntdeck]
        else:
            # "When a player ends their turn by drawing a Siege card but the deck is empty, the
            # game ends immediately. The Defender wins the game."
            if not self.ndeck:
                self.win(DEFENDER)
                return
            c = self._pop()
            kn = self.kn
            if max(kn) >= 4:
                # The other player no longer knows where Support's cards are: this may be one.
                bit = 4 << (p ^ 1)
                for j in range(NSIEGE):
                    if kn[j] & bit:
                        kn[j] ^= bit
            kn[c] = 0
        o = p * HMAX
        for i in range(o, o + HMAX):
            if self.hand[i] == NONE:
                self.hand[i] = c
                break
        self.finish_turn(p)

    def finish_turn(self, p):
        self.to_move = p ^ 1
        self.turn += 1
        self.prep = 0
        self.phase = PH_PLAY
        # "The Defender can also win the game if they cannot play any Siege cards because all
        # formations on their side of the Wall are complete."
        if self.to_move == DEFENDER and self.complete_all(DEFENDER):
            self.win(DEFENDER)
