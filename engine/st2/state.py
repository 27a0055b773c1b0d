"""Schotten Totten 2: the full State and its rules. Layout and move space: engine.st2.table."""

from engine.errors import IllegalMove
from engine.st2.cards import NCARDS, NONE, NSIEGE, NTILES, name, need
from engine.st2.table import (
    ATTACKER,
    CAULDRON,
    DECLARE,
    DEFENDER,
    DONE,
    HAND,
    HMAX,
    NMOVES,
    OIL,
    PH_DECLARE,
    PH_OVER,
    PH_PLAY,
    RETREAT,
    SLOTS,
    Table,
    copy_table,
)


class State(Table):
    """The whole game (both hands, deck order). The AI never gets one: see view()."""

    def __init__(self, seed=None, variant=0):
        if variant != 0:
            raise IllegalMove("only the base game exists so far (variant 0)")
        self.board = bytearray(b"\xff" * (NTILES * 2 * SLOTS))
        self.cnt = bytearray(NTILES * 2)
        self.done = bytearray(NTILES * 2)
        self.side = bytearray(NTILES)
        self.loc = bytearray(NCARDS)
        self.hand = bytearray(b"\xff" * (2 * HMAX))
        self.deck = bytearray(range(NSIEGE))
        self.ndeck = NSIEGE
        self.to_move = ATTACKER  # "The Attacker takes the first turn."
        self.phase = PH_PLAY
        self.winner = NONE
        self.turn = 0
        self.nplayed = 0
        self.oil = OIL
        self.prep = 0
        self.variant = variant
        if seed is not None:
            from engine.rng import Rng

            Rng(seed).shuffle(self.deck)
            for i in range(HAND):
                self.hand[i] = self._pop()
                self.hand[HMAX + i] = self._pop()

    def _pop(self):
        self.ndeck -= 1
        return self.deck[self.ndeck]

    def copy(self):
        """An independent copy (a few slices)."""
        s = object.__new__(State)  # MicroPython classes have no __new__ of their own
        copy_table(s, self)
        s.hand = self.hand[:]
        s.deck = self.deck[:]
        return s

    def hand_of(self, p):
        o = p * HMAX
        return [c for c in self.hand[o : o + HMAX] if c != NONE]

    def view(self, p):
        """What player p may see: a View, holding copies and no link back to this state."""
        from engine.st2.view import View

        return View(self, p)

    def apply(self, move, player=None):
        """Apply a move of the player to move (or check it is `player`'s turn); IllegalMove,
        with the state unchanged, if it is not legal."""
        if self.phase == PH_OVER:
            raise IllegalMove("the game is over")
        p = self.to_move
        if player is not None and player != p:
            raise IllegalMove("it is player %d's turn, not player %d's" % (p + 1, player + 1))
        if not isinstance(move, int) or move < 0 or move >= NMOVES:
            raise IllegalMove("no such move: %r" % (move,))
        if move < DECLARE:
            self._play(p, move // 7, move % 7)
        elif move < CAULDRON:
            self._declare(p, move - DECLARE)
        elif move < RETREAT:
            self._cauldron(p, move - CAULDRON)
        elif move < DONE:
            self._retreat(p, move - RETREAT)
        elif move == DONE:
            if self.phase != PH_DECLARE:
                raise IllegalMove("done ends the declarations after playing a card; play a card first")
            self._end_turn(p)
        else:
            raise IllegalMove("move %d belongs to the tactic variant, not the base game" % move)

    # --- playing a card -----------------------------------------------------------------

    def _play(self, p, card, t):
        if self.phase != PH_PLAY:
            raise IllegalMove("a card is already played this turn: declare control or end with done")
        if card >= NSIEGE:
            raise IllegalMove("no such card in the base game: %d" % card)
        slot = -1
        for i in range(p * HMAX, p * HMAX + HMAX):
            if self.hand[i] == card:
                slot = i
        if slot < 0:
            raise IllegalMove("%s is not in player %d's hand" % (name(card), p + 1))
        i = t * 2 + p
        n = self.cnt[i]
        if n >= need(t, self.side[t]):
            # "The card requirement must never be exceeded, even before discarding cards."
            raise IllegalMove("tile %d already has its %d cards on player %d's side" % (t + 1, n, p + 1))
        self.hand[slot] = NONE
        self.nplayed += 1
        s = card % 12
        if s == 0 or s == 11:
            # Chicken versus Chef: a 0 opposite the 11 of its colour (or the reverse).
            other = card + 11 if s == 0 else card - 11
            j = i ^ 1
            o = j * SLOTS
            for k in range(self.cnt[j]):
                if self.board[o + k] == other:
                    self._remove(j, k)
                    self.loc[card] = 2
                    self._after_play(p)
                    return
        self.board[i * SLOTS + n] = card
        self.cnt[i] = n + 1
        self.loc[card] = 1
        if n + 1 == need(t, self.side[t]):
            self.done[i] = self.nplayed
        self._after_play(p)

    def _remove(self, i, k):
        """Discard the k-th card of side i, keeping the order of the rest."""
        o = i * SLOTS
        n = self.cnt[i]
        self.loc[self.board[o + k]] = 2
        for j in range(k, n - 1):
            self.board[o + j] = self.board[o + j + 1]
        self.board[o + n - 1] = NONE
        self.cnt[i] = n - 1
        self.done[i] = 0

    def _clear(self, i):
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
            self._end_turn(p)

    def _end_turn(self, p):
        # "If you go to draw a card and the deck is empty, proceed to the End of the Game."
        if not self.ndeck:
            self._win(DEFENDER)
            return
        o = p * HMAX
        for i in range(o, o + HMAX):
            if self.hand[i] == NONE:
                self.hand[i] = self._pop()
                break
        self.to_move = p ^ 1
        self.turn += 1
        self.prep = 0
        self.phase = PH_PLAY
        # "The Defender can also win the game if they cannot play any Siege cards because all
        # formations on their side of the Wall are complete."
        if self.to_move == DEFENDER and self.complete_all(DEFENDER):
            self._win(DEFENDER)

    def _win(self, p):
        self.winner = p
        self.phase = PH_OVER

    # --- preparation actions and declarations -------------------------------------------

    def _prep_check(self, p, who, what):
        if p != who:
            raise IllegalMove("only the %s may %s" % ("Attacker" if who == ATTACKER else "Defender", what))
        if self.phase != PH_PLAY:
            raise IllegalMove("a preparation action comes before playing a card")
        if self.prep:
            raise IllegalMove("one preparation action a turn: it is already taken")

    def _cauldron(self, p, t):
        self._prep_check(p, DEFENDER, "throw an oil cauldron")
        if not self.oil:
            raise IllegalMove("no oil cauldron left (3 a game)")
        if not self.cnt[t * 2]:
            raise IllegalMove("tile %d: no Attacker card for the cauldron" % (t + 1))
        self._remove(t * 2, 0)  # the card closest to the tile: the first one played there
        self.oil -= 1
        self.prep = 1

    def _retreat(self, p, mask):
        self._prep_check(p, ATTACKER, "retreat")
        if not mask:
            raise IllegalMove("a retreat names at least one tile")
        for t in range(NTILES):
            if mask >> t & 1 and not self.cnt[t * 2]:
                raise IllegalMove("tile %d: no Attacker card to retreat" % (t + 1))
        for t in range(NTILES):
            if mask >> t & 1:
                self._clear(t * 2)
        self.prep = 1

    def _declare(self, p, t):
        if p != ATTACKER:
            raise IllegalMove("only the Attacker declares control")
        if self.phase != PH_PLAY and self.phase != PH_DECLARE:
            raise IllegalMove("declarations are made during the Attacker's turn")
        why = self.declare_check(t)
        if why is not None:
            if isinstance(why, str):
                raise IllegalMove(why)
            if not why:
                raise IllegalMove("tile %d: the Defender's formation wins" % (t + 1))
            raise IllegalMove(
                "tile %d is not proven: the Defender could still add %s"
                % (t + 1, " ".join([name(c) for c in why]))
            )
        # "flip the tile over to show its Damaged side. If it is already on its Damaged side, or
        # if you flip over a 4th tile, proceed to the End of the Game. Then, discard all of the
        # cards played on both sides". Discarded at the end too, so no side is ever over the
        # count of the side it shows (the record keeps the winning formation).
        again = self.side[t]
        self.side[t] = 1
        self._clear(t * 2)
        self._clear(t * 2 + 1)
        if again or self.damaged() >= 4:
            self._win(ATTACKER)
            return
        if self.phase == PH_DECLARE and not self.declarable():
            self._end_turn(p)
