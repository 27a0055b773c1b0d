"""Schotten Totten tactic variant: the full State (the 2016 rulebook's "Tactic variant",
either claim timing). Layout and moves: engine.st1.ttable; decisions: docs/RULES.md. The
base game never imports this module.

A turn: (1999/Expert: the claim step,) a card or a pass, a ruse's steps (PH_ACTION), (2016:
the claim step,) then the draw: a move choosing the deck (PH_DRAW) when both decks hold
cards, by itself when one does, none after a pass, with a full hand or both decks empty.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.errors import IllegalMove
from engine.st1.table import CLAIM, DONE, NSTONES, PASS, SLOTS
from engine.st1.truse import TRuse
from engine.st1.ttable import cname, copy_ttable

_NALL = const(64)
_NCLAN = const(54)
_JOKER = const(54)
_JOKER2 = const(55)
_BLIND = const(58)
_MUD = const(59)
_RECRUITER = const(60)
_M_BLIND = const(1)
_M_MUD = const(2)
_THAND = const(7)
_HSLOTS = const(9)
_DRAW = const(587)
_TNMOVES = const(663)
_PH_PLAY = const(0)
_PH_CLAIM = const(1)
_PH_OVER = const(2)
_PH_DRAW = const(3)
_PH_ACTION = const(4)
_T1999 = const(1)
_NONE = const(255)


class TState(TRuse):
    """The whole tactic game (both hands, both decks' order). The AI gets a TView."""

    def __init__(self, seed=None, timing=0, first=0):
        self.board = bytearray(b"\xff" * (NSTONES * 2 * SLOTS))
        self.cnt = bytearray(NSTONES * 2)
        self.need = bytearray(b"\x03" * NSTONES)
        self.done = bytearray(NSTONES * 2)
        self.owner = bytearray(NSTONES)
        self.hand = bytearray(b"\xff" * (2 * _HSLOTS))
        self.deck = bytearray(range(_NCLAN))
        self.ndeck = _NCLAN
        self.timing = timing
        self.first = first
        self.to_move = first
        self.phase = _PH_CLAIM if timing == _T1999 else _PH_PLAY
        self.nplayed = 0
        self.turn = 0
        self.winner = _NONE
        self.lplay = -1
        self.lclaim = 0
        self.public = bytearray(_NALL)
        self.mode = bytearray(NSTONES)
        self.tdeck = bytearray(range(_NCLAN, _NALL))
        self.ntdeck = _NALL - _NCLAN
        self.disc = bytearray(b"\xff" * _NALL)
        self.ndisc = 0
        self.tp = bytearray(2)
        self.jk = 0
        self.kn = bytearray(_NALL)
        self.ev = bytearray(b"\xff\xff\xff\xff")
        self.act = self.asel = _NONE
        self.left = self.rets = 0
        self.played = self.passes = 0
        if seed is not None:
            from engine.rng import Rng

            r = Rng(seed)
            r.shuffle(self.deck)
            r.shuffle(self.tdeck)
            for i in range(_THAND):
                self.hand[i] = self._pop()
                self.hand[_HSLOTS + i] = self._pop()

    def copy(self):
        """An independent copy (a few slices)."""
        s = object.__new__(TState)
        copy_ttable(s, self)
        s.hand = self.hand[:]
        s.deck = self.deck[:]
        s.tdeck = self.tdeck[:]
        s.kn = self.kn[:]
        return s

    def view(self, p):
        """What player p may see: a TView (engine.st1.tview)."""
        from engine.st1.tview import TView

        return TView(self, p)

    def apply(self, move, player=None):
        """Apply a move of the player to move (or check it is `player`'s turn); IllegalMove,
        with the state unchanged, if it is not legal."""
        if self.phase == _PH_OVER:
            raise IllegalMove("the game is over")
        p = self.to_move
        if player is not None and (player != p or type(player) is not int):
            if type(player) is not int or player < 0 or player > 1:
                raise IllegalMove("no such player: %r (players are 0 and 1)" % (player,))
            raise IllegalMove("it is player %d's turn, not player %d's" % (p + 1, player + 1))
        if type(move) is not int or move < 0 or move >= _TNMOVES:
            raise IllegalMove("no such move: %r" % (move,))
        ph = self.phase
        if ph == _PH_PLAY:
            if move < CLAIM:
                self._tplay(p, move // 9, move % 9)
            elif move == PASS:
                self._pass(p)
            else:
                raise IllegalMove("it is the card step: play a card (or pass)")
        elif ph == _PH_CLAIM:
            if CLAIM <= move < DONE:
                self._tclaim(p, move - CLAIM)
            elif move == DONE:
                if self.timing == _T1999:
                    self.phase = _PH_PLAY
                else:
                    self._draw_or_end(p)
            else:
                raise IllegalMove("it is the claim step: claim stones or end it with DONE")
        elif ph == _PH_DRAW:
            if move != _DRAW and move != _DRAW + 1:
                raise IllegalMove("choose the deck to draw from: the clan deck or the tactic deck")
            self._draw(p, move - _DRAW)
            self._end_turn(p)
        else:
            self._step(p, move)

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
        goes to its better complete side, then the player with more stones wins."""
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
