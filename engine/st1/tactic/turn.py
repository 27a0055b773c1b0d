"""Tactic variant: playing a card or passing, the claims, the draw and the turn's end (the
2016 rulebook's "Tactic variant"; decisions: docs/RULES.md). TState (engine.st1.tactic.state)
builds on this."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st1.table import NSTONES
from engine.st1.tactic.ruse import TRuse
from engine.st1.tactic.table import cname

_NCLAN = const(54)
_JOKER = const(54)
_JOKER2 = const(55)
_BLIND = const(58)
_MUD = const(59)
_RECRUITER = const(60)
_M_BLIND = const(1)
_M_MUD = const(2)
_THAND = const(7)
_PH_PLAY = const(0)
_PH_CLAIM = const(1)
_PH_OVER = const(2)
_PH_DRAW = const(3)
_PH_ACTION = const(4)
_T1999 = const(1)
_NONE = const(255)


class TCard(TRuse):
    """A tactic game's cards, claims and turns."""

    def _tplay(self, p, card, stone):
        slot = self._slot(p, card)
        ruse = card >= _RECRUITER
        if ruse and stone:
            raise IllegalMove("a ruse is played next to the deck, not on a stone")
        if card >= _NCLAN:
            if not self.tactic_ok(p):
                raise IllegalMove(
                    "you cannot play more than one tactic card more than your opponent has played"
                    " (player %d has played %d, player %d %d)" % (p + 1, self.tp[p], 2 - p, self.tp[p ^ 1])
                )
            if card <= _JOKER2 and self.jk >> p & 1:
                raise IllegalMove("each player can only have one Joker on his side of the border")
        if ruse:
            if not self.can_resolve(card, p):
                raise IllegalMove("%s has nothing to act on" % cname(card))
        elif self.owner[stone]:
            raise IllegalMove("stone %d is claimed" % (stone + 1))
        elif card != _BLIND and card != _MUD and self.cnt[stone * 2 + p] >= self.need[stone]:
            raise IllegalMove("stone %d is full on player %d's side" % (stone + 1, p + 1))
        # Legal: from here on the state changes.
        self.hand[slot] = _NONE
        self.public[card] = 1
        self.played = 1
        self.lplay = self.turn << 11 | p << 10 | (card * 9 + stone)
        self.lclaim = 0
        if card >= _NCLAN:
            self.tp[p] += 1
            if card <= _JOKER2:
                self.jk |= 1 << p
        if ruse:
            self.act = card
            self.phase = _PH_ACTION
            if card == _RECRUITER:
                self.left = min(3, self.ndeck + self.ntdeck)
                self._recruit(p)
            return
        if card == _BLIND:
            self.mode[stone] |= _M_BLIND
        elif card == _MUD:
            self.mode[stone] |= _M_MUD
            self.need[stone] = 4
            self.done[stone * 2] = self.done[stone * 2 + 1] = 0  # three cards complete no side
        else:
            self._place(p, card, stone)
        self._after_play(p)

    def _pass(self, p):
        for c in self.hand_of(p):
            if c < _NCLAN and self.open_stones(p):
                raise IllegalMove("cannot pass: a clan card can be played")
        self.played = 0
        self._after_play(p)

    def _after_play(self, p):
        if self.timing == _T1999:
            self._draw_or_end(p)
        else:
            self.phase = _PH_CLAIM

    def _draw_or_end(self, p):
        """The turn's draw after a card (and the claims under 2016): a choice if both decks
        hold cards, by itself if one does; none after a pass or with a full hand."""
        if self.played and self.hand_count(p) < _THAND and (self.ndeck or self.ntdeck):
            if self.ndeck and self.ntdeck:
                self.phase = _PH_DRAW
                return
            self._draw(p, 0 if self.ndeck else 1)
        self._end_turn(p)

    def _end_turn(self, p):
        self.passes = 0 if self.played else self.passes + 1
        self.played = 0
        self.to_move = p ^ 1
        self.turn += 1
        self.phase = _PH_CLAIM if self.timing == _T1999 else _PH_PLAY
        if self.passes >= 2:
            self._stalled()

    def _stalled(self):
        """Two passes in a row end the game (docs/RULES.md): each stone with a complete side
        goes to its better complete side; then the one player who controls three adjacent
        stones or five wins, else the one with more stones, else the player who did not start."""
        for s in range(NSTONES):
            if self.owner[s]:
                continue
            n = self.need[s]
            a = self.cnt[s * 2] == n
            b = self.cnt[s * 2 + 1] == n
            if a and b:
                w = 0 if self.claim_check(s, 0) is None else 1
            elif a or b:
                w = 0 if a else 1
            else:
                continue
            self.fix_values(s)
            self.owner[s] = w + 1
        a, b = self._winner_after_claim(0), self._winner_after_claim(1)
        if a == b:
            a, b = self.stones_of(0), self.stones_of(1)
        self.winner = 0 if a > b else 1 if b > a else self.first ^ 1
        self.phase = _PH_OVER

    def _tclaim(self, p, stone):
        why = self.claim_check(stone, p)
        if why is not None:
            if isinstance(why, str):
                raise IllegalMove(why)
            if not why:
                raise IllegalMove("stone %d: the opponent's formation wins" % (stone + 1))
            raise IllegalMove(
                "stone %d is not proven: the opponent could still add %s"
                % (stone + 1, " ".join([cname(c) for c in why]))
            )
        self.fix_values(stone)
        self.owner[stone] = p + 1
        self.lclaim |= 1 << stone
        if self._winner_after_claim(p):
            self.winner = p
            self.phase = _PH_OVER

    def fix_values(self, stone):
        """Keep the values the elite troops of a claimed stone's complete sides took."""
        for side in (0, 1):
            if self.cnt[stone * 2 + side] == self.need[stone]:
                vals = self.score_side(stone, side)[1]
                k = 0
                for c in self.side(stone, side):
                    if c >= _NCLAN:
                        self.ev[c - _JOKER] = vals[k]
                        k += 1
