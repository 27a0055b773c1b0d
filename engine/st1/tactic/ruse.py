"""Tactic variant: moving cards, drawing, and the ruses' steps (phase PH_ACTION). TState
(engine.st1.tactic.state) builds on this; the rules decisions are in docs/RULES.md."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st1.table import SLOTS
from engine.st1.tactic.legal import TLegal
from engine.st1.tactic.table import cname

_NCLAN = const(54)
_HSLOTS = const(9)
_RECRUITER = const(60)
_STRATEGIST = const(61)
_BANSHEE = const(62)
_TRAITOR = const(63)
_DRAW = const(587)
_STEP_CARD = const(589)
_STEP_STONE = const(653)
_STEP_DISCARD = const(662)
_NONE = const(255)


class TRuse(TLegal):
    """Card movements and the ruses' steps of a TState."""

    def _pop(self):
        self.ndeck -= 1
        return self.deck[self.ndeck]

    def hand_of(self, p):
        o = p * _HSLOTS
        return [c for c in self.hand[o : o + _HSLOTS] if c != _NONE]

    def hand_count(self, p):
        n = 0
        for i in range(p * _HSLOTS, p * _HSLOTS + _HSLOTS):
            if self.hand[i] != _NONE:
                n += 1
        return n

    def _slot(self, p, card):
        for i in range(p * _HSLOTS, p * _HSLOTS + _HSLOTS):
            if self.hand[i] == card:
                return i
        raise IllegalMove("%s is not in player %d's hand" % (cname(card), p + 1))

    def _draw(self, p, deck):
        """The top card of a deck (0 clan, 1 tactic) into p's hand."""
        for i in range(p * _HSLOTS, p * _HSLOTS + _HSLOTS):
            if self.hand[i] == _NONE:
                if deck:
                    self.ntdeck -= 1
                    self.hand[i] = self.tdeck[self.ntdeck]
                else:
                    self.hand[i] = self._pop()
                return

    def _place(self, p, card, stone):
        """A card at the end of p's side of `stone`; stamped if it completes the side."""
        i = stone * 2 + p
        n = self.cnt[i]
        self.board[i * SLOTS + n] = card
        self.cnt[i] = n + 1
        self.nplayed += 1
        if n + 1 == self.need[stone]:
            self.done[i] = self.nplayed

    def _lift(self, card):
        """A card off its side (the others keep their order); the side is incomplete."""
        s, side, k = self.find(card)
        i = s * 2 + side
        o = i * SLOTS
        n = self.cnt[i]
        for j in range(k, n - 1):
            self.board[o + j] = self.board[o + j + 1]
        self.board[o + n - 1] = _NONE
        self.cnt[i] = n - 1
        self.done[i] = 0

    def _to_discard(self, c):
        self.disc[self.ndisc] = c
        self.ndisc += 1

    def _recruit(self, p):
        """Recruiter's draws that need no choice (a deck is empty), then its returns."""
        while self.left and not (self.ndeck and self.ntdeck):
            self._draw(p, 0 if self.ndeck else 1)
            self.left -= 1
        if not self.left:
            self.rets = min(2, self.hand_count(p))
            if not self.rets:
                self._end_ruse(p)

    def _end_ruse(self, p):
        self._to_discard(self.act)
        self.act = self.asel = _NONE
        self.left = self.rets = 0
        self._after_play(p)

    def _step(self, p, move):
        a = self.act
        if a == _RECRUITER and self.left:
            if move != _DRAW and move != _DRAW + 1:
                raise IllegalMove("Recruiter: choose the deck to draw from (%d to draw)" % self.left)
            self._draw(p, move - _DRAW)
            self.left -= 1
            self._recruit(p)
            return
        if self.asel == _NONE:
            if not _STEP_CARD <= move < _STEP_STONE:
                raise IllegalMove("%s: name a card first" % cname(a))
            c = move - _STEP_CARD
            if a == _RECRUITER:
                self._return(p, self._slot(p, c), c)
                return
            self._check_target(p, a, c)
            if a == _BANSHEE:
                self._lift(c)
                self._to_discard(c)
                self._end_ruse(p)
            else:
                self.asel = c
            return
        c = self.asel
        if move == _STEP_DISCARD and a == _STRATEGIST:
            self._lift(c)
            self._to_discard(c)
            self._end_ruse(p)
            return
        if not _STEP_STONE <= move < _STEP_DISCARD:
            raise IllegalMove(
                "%s: name the stone %s goes to%s"
                % (cname(a), cname(c), " (or discard it)" if a == _STRATEGIST else "")
            )
        s = move - _STEP_STONE
        if self.owner[s]:
            raise IllegalMove("stone %d is claimed" % (s + 1))
        if a == _STRATEGIST and s == self.find(c)[0]:
            raise IllegalMove("Strategist moves the card to a different stone")
        if self.cnt[s * 2 + p] >= self.need[s]:
            raise IllegalMove("stone %d is full on player %d's side" % (s + 1, p + 1))
        self._lift(c)
        self._place(p, c, s)
        self._end_ruse(p)

    def _check_target(self, p, a, c):
        where = self.find(c)
        mine = a == _STRATEGIST
        if where is None or where[1] != (p if mine else p ^ 1):
            raise IllegalMove(
                "%s takes a card on %s side of the border; %s is not there"
                % (cname(a), "your" if mine else "your opponent's", cname(c))
            )
        if self.owner[where[0]]:
            raise IllegalMove("%s is on a claimed stone" % cname(c))
        if a == _TRAITOR and c >= _NCLAN:
            raise IllegalMove("Traitor takes a Clan card, not an elite troop (%s)" % cname(c))

    def _return(self, p, slot, c):
        """Recruiter: a card from p's hand to the bottom of its deck; p knows it is there."""
        self.hand[slot] = _NONE
        if c < _NCLAN:
            d, n = self.deck, self.ndeck
            self.ndeck = n + 1
        else:
            d, n = self.tdeck, self.ntdeck
            self.ntdeck = n + 1
        for i in range(n, 0, -1):
            d[i] = d[i - 1]
        d[0] = c
        self.kn[c] |= 1 << p
        self.rets -= 1
        if not self.rets:
            self._end_ruse(p)
