"""Schotten Totten tactic variant: the full State (the 2016 rulebook's "Tactic variant",
under either claim timing). Cards, layout and moves: engine.st1.ttable; the rules decisions:
docs/RULES.md ("Tactic variant"). The base game never imports this module.

A turn: (1999/Expert: the claim step,) a card or a pass, a ruse's steps (phase PH_ACTION),
(2016: the claim step,) then the draw: a move choosing the deck (phase PH_DRAW) when both
decks hold cards, by itself when one does, none after a pass or with both empty.
"""

from engine.errors import IllegalMove
from engine.st1.table import CLAIM, DONE, NSTONES, PASS, PH_CLAIM, PH_OVER, PH_PLAY, SLOTS, T1999
from engine.st1.ttable import (
    BANSHEE,
    BLIND,
    DRAW,
    HSLOTS,
    JOKER,
    JOKER2,
    M_BLIND,
    M_MUD,
    MUD,
    NALL,
    NCLAN,
    NONE,
    PH_ACTION,
    PH_DRAW,
    RECRUITER,
    STEP_CARD,
    STEP_DISCARD,
    STEP_STONE,
    STRATEGIST,
    THAND,
    TNAMES,
    TNMOVES,
    TRAITOR,
    TTable,
    copy_ttable,
)


def cname(c):
    """A card's name: "G7", "SPY"."""
    if c >= NCLAN:
        return TNAMES[c - NCLAN]
    from engine.cards import name

    return name(c)


class TState(TTable):
    """The whole tactic game (both hands, both decks' order). The AI gets a TView."""

    def __init__(self, seed=None, timing=0, first=0):
        self.board = bytearray(b"\xff" * (NSTONES * 2 * SLOTS))
        self.cnt = bytearray(NSTONES * 2)
        self.need = bytearray(b"\x03" * NSTONES)
        self.done = bytearray(NSTONES * 2)
        self.owner = bytearray(NSTONES)
        self.hand = bytearray(b"\xff" * (2 * HSLOTS))
        self.deck = bytearray(range(NCLAN))
        self.ndeck = NCLAN
        self.timing = timing
        self.first = first
        self.to_move = first
        self.phase = PH_CLAIM if timing == T1999 else PH_PLAY
        self.nplayed = 0
        self.turn = 0
        self.winner = NONE
        self.lplay = -1
        self.lclaim = 0
        self.public = bytearray(NALL)
        self.mode = bytearray(NSTONES)
        self.tdeck = bytearray(range(NCLAN, NALL))
        self.ntdeck = NALL - NCLAN
        self.disc = bytearray(b"\xff" * NALL)
        self.ndisc = 0
        self.tp = bytearray(2)
        self.jk = 0
        self.kn = bytearray(NALL)
        self.ev = bytearray(b"\xff\xff\xff\xff")
        self.act = self.asel = NONE
        self.left = self.rets = 0
        self.played = self.passes = 0
        if seed is not None:
            from engine.rng import Rng

            r = Rng(seed)
            r.shuffle(self.deck)
            r.shuffle(self.tdeck)
            for i in range(THAND):
                self.hand[i] = self._pop()
                self.hand[HSLOTS + i] = self._pop()

    def _pop(self):
        self.ndeck -= 1
        return self.deck[self.ndeck]

    def hand_of(self, p):
        o = p * HSLOTS
        return [c for c in self.hand[o : o + HSLOTS] if c != NONE]

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

    def hand_count(self, p):
        o = p * HSLOTS
        n = 0
        for i in range(o, o + HSLOTS):
            if self.hand[i] != NONE:
                n += 1
        return n

    def apply(self, move, player=None):
        """Apply a move of the player to move (or check it is `player`'s turn); IllegalMove,
        with the state unchanged, if it is not legal."""
        if self.phase == PH_OVER:
            raise IllegalMove("the game is over")
        p = self.to_move
        if player is not None and (player != p or type(player) is not int):
            if type(player) is not int or player < 0 or player > 1:
                raise IllegalMove("no such player: %r (players are 0 and 1)" % (player,))
            raise IllegalMove("it is player %d's turn, not player %d's" % (p + 1, player + 1))
        if type(move) is not int or move < 0 or move >= TNMOVES:
            raise IllegalMove("no such move: %r" % (move,))
        ph = self.phase
        if ph == PH_PLAY:
            if move < CLAIM:
                self._tplay(p, move // 9, move % 9)
            elif move == PASS:
                self._pass(p)
            else:
                raise IllegalMove("it is the card step: play a card (or pass)")
        elif ph == PH_CLAIM:
            if CLAIM <= move < DONE:
                self._tclaim(p, move - CLAIM)
            elif move == DONE:
                if self.timing == T1999:
                    self.phase = PH_PLAY
                else:
                    self._draw_or_end(p)
            else:
                raise IllegalMove("it is the claim step: claim stones or end it with DONE")
        elif ph == PH_DRAW:
            if move != DRAW and move != DRAW + 1:
                raise IllegalMove("choose the deck to draw from: the clan deck or the tactic deck")
            self._draw(p, move - DRAW)
            self._end_turn(p)
        else:
            self._step(p, move)

    # -- playing a card ------------------------------------------------------------------

    def _slot(self, p, card):
        for i in range(p * HSLOTS, p * HSLOTS + HSLOTS):
            if self.hand[i] == card:
                return i
        raise IllegalMove("%s is not in player %d's hand" % (cname(card), p + 1))

    def _tplay(self, p, card, stone):
        if card >= NALL:
            raise IllegalMove("no such card: %d" % card)
        slot = self._slot(p, card)
        ruse = card >= RECRUITER
        if ruse and stone:
            raise IllegalMove("a ruse is played next to the deck, not on a stone")
        if card >= NCLAN:
            if not self.tactic_ok(p):
                raise IllegalMove(
                    "you cannot play more than one tactic card more than your opponent has played"
                    " (player %d has played %d, player %d %d)" % (p + 1, self.tp[p], 2 - p, self.tp[p ^ 1])
                )
            if card <= JOKER2 and self.jk >> p & 1:
                raise IllegalMove("each player can only have one Joker on his side of the border")
        if ruse:
            if not self.can_resolve(card, p):
                raise IllegalMove("%s has nothing to act on" % cname(card))
        elif card == BLIND or card == MUD:
            if self.owner[stone]:
                raise IllegalMove("stone %d is claimed" % (stone + 1))
        elif self.owner[stone]:
            raise IllegalMove("stone %d is claimed" % (stone + 1))
        elif self.cnt[stone * 2 + p] >= self.need[stone]:
            raise IllegalMove("stone %d is full on player %d's side" % (stone + 1, p + 1))
        # Legal: from here on the state changes.
        self.hand[slot] = NONE
        self.public[card] = 1
        self.played = 1
        self.lplay = self.turn << 11 | p << 10 | (card * 9 + stone)
        self.lclaim = 0
        if card >= NCLAN:
            self.tp[p] += 1
            if card <= JOKER2:
                self.jk |= 1 << p
        if ruse:
            self.act = card
            self.phase = PH_ACTION
            if card == RECRUITER:
                self.left = min(3, self.ndeck + self.ntdeck)
                self._recruit(p)
            return
        if card == BLIND:
            self.mode[stone] |= M_BLIND
        elif card == MUD:
            self.mode[stone] |= M_MUD
            self.need[stone] = 4
            for i in (stone * 2, stone * 2 + 1):
                self.done[i] = 0  # three cards no longer complete a side here
        else:
            self._place(p, card, stone)
        self._after_play(p)

    def _place(self, p, card, stone):
        i = stone * 2 + p
        n = self.cnt[i]
        self.board[i * SLOTS + n] = card
        self.cnt[i] = n + 1
        self.nplayed += 1
        if n + 1 == self.need[stone]:
            self.done[i] = self.nplayed

    def _lift(self, card):
        """Take a card off its stone's side (the others keep their order): (stone, side)."""
        s, side, k = self.find(card)
        i = s * 2 + side
        o = i * SLOTS
        n = self.cnt[i]
        for j in range(k, n - 1):
            self.board[o + j] = self.board[o + j + 1]
        self.board[o + n - 1] = NONE
        self.cnt[i] = n - 1
        self.done[i] = 0
        return s, side

    def _pass(self, p):
        h = self.hand_of(p)
        for c in h:
            if c < NCLAN and self.open_stones(p):
                raise IllegalMove("cannot pass: a clan card can be played")
        self.played = 0
        self._after_play(p)

    def _after_play(self, p):
        if self.timing == T1999:
            self._draw_or_end(p)
        else:
            self.phase = PH_CLAIM

    def _draw(self, p, deck):
        o = p * HSLOTS
        for i in range(o, o + HSLOTS):
            if self.hand[i] == NONE:
                if deck:
                    self.ntdeck -= 1
                    self.hand[i] = self.tdeck[self.ntdeck]
                else:
                    self.hand[i] = self._pop()
                return

    def _draw_or_end(self, p):
        """The turn's draw, after the card (and the claims under 2016): a choice if both
        decks hold cards, by itself if one does, none after a pass or with a full hand."""
        if self.played and self.hand_count(p) < THAND and (self.ndeck or self.ntdeck):
            if self.ndeck and self.ntdeck:
                self.phase = PH_DRAW
                return
            self._draw(p, 0 if self.ndeck else 1)
        self._end_turn(p)

    def _end_turn(self, p):
        self.passes = 0 if self.played else self.passes + 1
        self.played = 0
        self.to_move = p ^ 1
        self.turn += 1
        self.phase = PH_CLAIM if self.timing == T1999 else PH_PLAY
        if self.passes >= 2:
            self._stalled()

    def _stalled(self):
        """Two passes in a row: no card will change the border any more (docs/RULES.md)."""
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
        self.phase = PH_OVER

    # -- claims ------------------------------------------------------------------------------

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
            self.phase = PH_OVER

    def fix_values(self, stone):
        """Keep the values the elite troops on a claimed stone's complete sides stood for."""
        for side in (0, 1):
            if self.cnt[stone * 2 + side] == self.need[stone]:
                vals = self.score_side(stone, side)[1]
                k = 0
                for c in self.side(stone, side):
                    if c >= NCLAN:
                        self.ev[c - JOKER] = vals[k]
                        k += 1

    # -- a ruse's steps --------------------------------------------------------------------

    def _recruit(self, p):
        """Recruiter's draws that need no choice (one deck empty), then its returns."""
        while self.left and not (self.ndeck and self.ntdeck):
            self._draw(p, 0 if self.ndeck else 1)
            self.left -= 1
        if not self.left:
            self.rets = min(2, self.hand_count(p))
            if not self.rets:
                self._end_ruse(p)

    def _end_ruse(self, p):
        self.disc[self.ndisc] = self.act
        self.ndisc += 1
        self.act = self.asel = NONE
        self.left = self.rets = 0
        self._after_play(p)

    def _step(self, p, move):
        a = self.act
        if a == RECRUITER and self.left:
            if move != DRAW and move != DRAW + 1:
                raise IllegalMove("Recruiter: choose the deck to draw from (%d to draw)" % self.left)
            self._draw(p, move - DRAW)
            self.left -= 1
            self._recruit(p)
            return
        if self.asel == NONE:
            if not STEP_CARD <= move < STEP_STONE:
                raise IllegalMove("%s: name a card first" % cname(a))
            c = move - STEP_CARD
            if a == RECRUITER:
                self._return(p, self._slot(p, c), c)
                return
            self._check_target(p, a, c)
            if a == BANSHEE:
                self._to_discard(c)
                self._end_ruse(p)
            else:
                self.asel = c
            return
        if move == STEP_DISCARD and a == STRATEGIST:
            self._to_discard(self.asel)
            self._end_ruse(p)
            return
        if not STEP_STONE <= move < STEP_DISCARD:
            raise IllegalMove(
                "%s: name the stone %s goes to%s"
                % (cname(a), cname(self.asel), " (or discard it)" if a == STRATEGIST else "")
            )
        s = move - STEP_STONE
        src = self.find(self.asel)[0]
        if self.owner[s]:
            raise IllegalMove("stone %d is claimed" % (s + 1))
        if a == STRATEGIST and s == src:
            raise IllegalMove("Strategist moves the card to a different stone")
        if self.cnt[s * 2 + p] >= self.need[s]:
            raise IllegalMove("stone %d is full on player %d's side" % (s + 1, p + 1))
        c = self.asel
        self._lift(c)
        self._place(p, c, s)
        self._end_ruse(p)

    def _check_target(self, p, a, c):
        where = self.find(c) if c < NALL else None
        mine = a == STRATEGIST
        if where is None or where[1] != (p if mine else p ^ 1):
            raise IllegalMove(
                "%s takes a card on %s side of the border; %s is not there"
                % (cname(a), "your" if mine else "your opponent's", cname(c))
            )
        if self.owner[where[0]]:
            raise IllegalMove("%s is on a claimed stone" % cname(c))
        if a == TRAITOR and c >= NCLAN:
            raise IllegalMove("Traitor takes a Clan card, not an elite troop (%s)" % cname(c))

    def _to_discard(self, c):
        self._lift(c)
        self.disc[self.ndisc] = c
        self.ndisc += 1

    def _return(self, p, slot, c):
        """Recruiter: a card from p's hand to the bottom of its deck; p knows it is there."""
        self.hand[slot] = NONE
        if c < NCLAN:
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
