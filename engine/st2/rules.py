"""Schotten Totten 2: playing a card (with Chicken versus Chef), discards, the end of a turn
and of the game — the part of the rules engine.st2.state's State inherits (and
engine.st2.actions calls)."""

from engine.errors import IllegalMove
from engine.st2.cards import NONE, NSIEGE, WALL, name
from engine.st2.moves import ATTACKER, DEFENDER, HMAX, PH_DECLARE, PH_OVER, PH_PLAY, SLOTS
from engine.st2.table import Table


class Rules(Table):
    """Card play and turn ends over the State's bytearrays."""

    def _play(self, p, card, t):
        if self.phase != PH_PLAY:
            raise IllegalMove("a card is already played this turn: declare control or end with done")
        if card >= NSIEGE + 4 * self.variant:  # the tactic variant's elite troops: 60..63
            raise IllegalMove("no such card in the base game: %d" % card)
        slot = -1
        for i in range(p * HMAX, p * HMAX + HMAX):
            if self.hand[i] == card:
                slot = i
        if slot < 0:
            raise IllegalMove("%s is not in player %d's hand" % (name(card), p + 1))
        i = t * 2 + p
        n = self.cnt[i]
        full = WALL[t * 2 + self.side[t]] >> 4
        if n >= full:
            # "The card requirement must never be exceeded, even before discarding cards."
            raise IllegalMove("tile %d already has its %d cards on player %d's side" % (t + 1, n, p + 1))
        self.hand[slot] = NONE
        self.nplayed += 1
        self.put(i, card)
        self._after_play(p)

    def put(self, i, card):
        """Play a card on side i (tile * 2 + player): Chicken versus Chef, or on top."""
        s = card % 12
        # The elite troops (60..63, tactic variant) give s = 0..3: only JOKER's 0, whose search
        # for the card 71 (no card) finds nothing, so it is placed as any card.
        if s == 0 or s == 11:
            # Chicken versus Chef: a 0 opposite the 11 of its colour (or the reverse).
            other = card + 11 if s == 0 else card - 11
            j = i ^ 1
            o = j * SLOTS
            for k in range(self.cnt[j]):
                if self.board[o + k] == other:
                    self.remove_card(j, k)
                    self.loc[card] = 2
                    return
        self.place(i, card)

    def place(self, i, card):
        """Put a card on top of side i (the farthest from the tile), stamped when it completes."""
        n = self.cnt[i]
        self.board[i * SLOTS + n] = card
        self.cnt[i] = n + 1
        self.loc[card] = 1
        if n + 1 == WALL[i - (i & 1) + self.side[i >> 1]] >> 4:
            self.done[i] = self.nplayed

    def remove_card(self, i, k):
        """Discard the k-th card of side i, keeping the order of the rest."""
        o = i * SLOTS
        n = self.cnt[i]
        self.loc[self.board[o + k]] = 2
        for j in range(k, n - 1):
            self.board[o + j] = self.board[o + j + 1]
        self.board[o + n - 1] = NONE
        self.cnt[i] = n - 1
        self.done[i] = 0

    def clear_side(self, i):
        """Discard every card of side i."""
        o = i * SLOTS
        for k in range(self.cnt[i]):
            self.loc[self.board[o + k]] = 2
            self.board[o + k] = NONE
        self.cnt[i] = 0
        self.done[i] = 0

    def _after_play(self, p):
        if p == ATTACKER and self.declarable():
            self.phase = PH_DECLARE
        else:
            self.end_turn(p)

    def end_turn(self, p):
        # "If you go to draw a card and the deck is empty, proceed to the End of the Game."
        if not self.ndeck:
            self.win(DEFENDER)
            return
        self.take(p, self._pop())
        self.next_turn(p)

    def take(self, p, card):
        """Put a drawn card in player p's first empty hand slot."""
        o = p * HMAX
        for i in range(o, o + HMAX):
            if self.hand[i] == NONE:
                self.hand[i] = card
                return

    def next_turn(self, p):
        self.to_move = p ^ 1
        self.turn += 1
        self.prep = 0
        self.phase = PH_PLAY
        # "The Defender can also win the game if they cannot play any Siege cards because all
        # formations on their side of the Wall are complete."
        if self.to_move == DEFENDER and self.complete_all(DEFENDER):
            self.win(DEFENDER)

    def win(self, p):
        self.winner = p
        self.phase = PH_OVER
