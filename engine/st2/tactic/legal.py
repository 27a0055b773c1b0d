"""Schotten Totten 2 tactic variant: what a State and a View of it both compute — the legal
moves (cards, the one-more-tactic rule, the pass, the deck choice, each action card's steps) and
declarations with elite troops (engine.st2.tactic.prove). Rules: docs/RULES.md, "Tactic variant".

The variant's fields, beside the base game's (engine.st2.table):
  tdeck[:ntdeck]   the tactic deck, drawn from the end (a State only)
  tcount[p]        tactic cards player p has played from their hand (elite troops and actions)
  loc[card]        3 + p for an action card player p has played (kept on their side)
  act, nstep       the action card being carried out (0: none) and the steps taken so far
  xk               the Exchange's number of cards each way (3, fewer only if a hand is short)
  pick[0:3]        the chosen cards: a Redeployment's, Recruitment's or Treason's card, the
                   first card of a Support, the Exchange's cards of the player whose card it is;
  pick[3:6]        the other player's Exchange cards (255 = none)
  kn[card]         what the players know of hidden cards: bit 1 << p, player p knows the card
                   is in the other's hand (given in the Exchange); bit 4 << p, player p knows it
                   is in the siege deck (shuffled in by Support, until the other draws a siege
                   card: it may be that card)
  shown            the elite troops' values the last declaration chose: (elite, siege card)
                   pairs, 255 after the last
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.cards import need
from engine.st2.table import Table


def copy_tactic(dst, src):
    """Give `dst` its own copy of the variant's public fields of `src` (a State or a View)."""
    dst.ntdeck = src.ntdeck
    dst.tcount = src.tcount[:]
    dst.act = src.act
    dst.nstep = src.nstep
    dst.xk = src.xk
    dst.pick = src.pick[:]
    dst.kn = src.kn[:]
    dst.shown = src.shown[:]


_PH_PLAY = const(0)
_ATTACKER = const(0)
_PH_DECLARE = const(1)
_PH_DRAW = const(3)
_SLOTS = const(4)
_PH_EXCHANGE = const(5)
_NTILES = const(7)
_FIRST = const(60)
_NSIEGE = const(60)
_ACTIONS = const(64)
_REDEPLOYMENT = const(64)
_RECRUITMENT = const(65)
_DESERTION = const(66)
_TREASON = const(67)
_EXPLOSION = const(68)
_SUPPORT = const(69)
_EXCHANGE = const(70)
_DECLARE = const(504)
_DONE = const(646)
_PASS = const(647)
_DRAW_SIEGE = const(648)
_DRAW_TACTIC = const(649)


class TLegal:
    """The variant's legal moves and declarations (a base class of TState and TView)."""

    VARIANT = 1  # as the first game's tactic classes: the AI and tools tell the variant by it

    def turn_player(self):
        """Whose turn it is: the player to move, except in the Exchange's second half."""
        return self.to_move ^ 1 if self.phase == _PH_EXCHANGE else self.to_move

    def may_tactic(self, p):
        """'You can only play one Tactic card more than your opponent.'"""
        return self.tcount[p] <= self.tcount[p ^ 1]

    def find(self, c):
        """(side index tile * 2 + player, slot) of a card on the wall, or (-1, -1)."""
        b = self.board
        for j in range(_NTILES * 2 * _SLOTS):
            if b[j] == c:
                return j >> 2, j & 3
        return -1, -1

    def wall_cards(self, p):
        """Player p's cards on the wall, sorted."""
        out = []
        for t in range(_NTILES):
            out += self.cards_at(t, p)
        out.sort()
        return out

    def on_wall(self, p):
        """How many cards player p has on the wall."""
        n = 0
        for t in range(_NTILES):
            n += self.cnt[t * 2 + p]
        return n

    def playable(self, c, p):
        """Can player p carry out action card c now (every step then has a choice)? Counted
        in place: no list is built."""
        if c == _EXCHANGE:
            return True
        if c == _EXPLOSION:
            return sum(self.cnt) > 0
        if c == _SUPPORT or c == _RECRUITMENT:  # discarded cards: siege ones for Support
            n = 0
            loc = self.loc
            for x in range(_NSIEGE if c == _SUPPORT else _ACTIONS):
                if loc[x] == 2:
                    n += 1
            if c == _SUPPORT or not n:
                return n >= 2
        elif not self.on_wall(p if c == _REDEPLOYMENT else p ^ 1):
            return False
        if c == _REDEPLOYMENT or c == _DESERTION:
            return True
        cnt, side = self.cnt, self.side  # Recruitment and Treason: a tile of yours with room
        for t in range(_NTILES):
            if cnt[t * 2 + p] < need(t, side[t]):
                return True
        return False

    def card_moves(self, p, out):
        """Append player p's card plays (sorted) to out."""
        tiles = self.open_tiles(p)
        ok = self.may_tactic(p)
        for c in sorted(self.hand_of(p)):
            if c < _FIRST or (c < _ACTIONS and ok):
                for t in tiles:
                    out.append(c * 7 + t)
            elif c >= _ACTIONS and ok and self.playable(c, p):
                out.append(c * 7)

    def pass_ok(self, p, plays):
        """A pass is legal when no card can be played (plays: the card moves, empty) and the
        Attacker holds no card a retreat would make room for."""
        if plays or self.phase != _PH_PLAY:
            return False
        if p == _ATTACKER:
            ok = self.may_tactic(p)
            for c in self.hand_of(p):
                if c < _FIRST or (c < _ACTIONS and ok):
                    return False
        return True

    def legal_moves(self):
        """Every legal move of the player to move, sorted (empty when the game is over)."""
        ph = self.phase
        if ph == _PH_PLAY:
            p = self.to_move
            out = []
            self.card_moves(p, out)
            plays = len(out)
            if p == _ATTACKER:
                for t in self.declarable():
                    out.append(_DECLARE + t)
            out += self.prep_moves()
            if self.pass_ok(p, plays):
                out.append(_PASS)
            return out
        if ph == _PH_DECLARE:
            out = [_DECLARE + t for t in self.declarable()]
            out.append(_DONE)
            return out
        if ph == _PH_DRAW:
            return [_DRAW_SIEGE, _DRAW_TACTIC] if self.ntdeck else [_DRAW_SIEGE]
        if self.act:
            from engine.st2.tactic.choice import step_moves

            return step_moves(self)
        return []

    def exchange_picks(self):
        """(first index in pick, picks made) of the player to move in an Exchange."""
        if self.phase == _PH_EXCHANGE:
            return 3, self.nstep - self.xk
        return 0, self.nstep

    def has_elite(self, t):
        loc = self.loc
        if loc[60] != 1 and loc[61] != 1 and loc[62] != 1 and loc[63] != 1:
            return False  # no elite troop on the wall (the common case: a quick answer)
        b = self.board
        o = t * 2 * _SLOTS
        for j in range(o, o + 2 * _SLOTS):
            if _FIRST <= b[j] < _ACTIONS:
                return True
        return False

    def declare_check(self, t, vals=None):
        """The base game's check (engine.st2.table), with elite troops at their best values
        when the tile holds one (engine.st2.tactic.prove.declare_t; `vals`, a list, receives the
        values a declaration shows)."""
        if not self.has_elite(t):
            return Table.declare_check(self, t)
        from engine.st2.tactic.prove import declare_t

        return declare_t(self, t, vals)
