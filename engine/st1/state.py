"""Schotten Totten (base game): the full State. Layout, moves: engine.st1.table. Imported
through engine.st1 (`from engine.st1 import State`), which loads it when first asked for."""

from engine.cards import NCARDS, NONE, name
from engine.errors import IllegalMove
from engine.st1.table import (
    CLAIM,
    DONE,
    HAND,
    HMAX,
    NMOVES,
    NSTONES,
    PH_CLAIM,
    PH_OVER,
    PH_PLAY,
    SLOTS,
    T1999,
    T2016,
    Table,
    copy_table,
)
from engine.st1.view import View


class State(Table):
    """The whole game (both hands, deck order). The AI never gets one: see View."""

    def __init__(self, seed=None, timing=T2016, first=0):
        self.board = bytearray(b"\xff" * (NSTONES * 2 * SLOTS))
        self.cnt = bytearray(NSTONES * 2)
        self.need = bytearray(b"\x03" * NSTONES)
        self.done = bytearray(NSTONES * 2)
        self.owner = bytearray(NSTONES)
        self.public = bytearray(NCARDS)
        self.hand = bytearray(b"\xff" * (2 * HMAX))
        self.deck = bytearray(range(NCARDS))
        self.ndeck = NCARDS
        self.timing = timing
        self.first = first
        self.to_move = first
        self.phase = PH_CLAIM if timing == T1999 else PH_PLAY
        self.nplayed = 0
        self.turn = 0
        self.winner = NONE
        self.lplay = -1  # the last card play and the claims since (engine.st1.table)
        self.lclaim = 0
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
        return View(self, p)

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
        # type(), not isinstance(): a bool is an int subclass, and apply(True) is no move
        if type(move) is not int or move < 0 or move >= NMOVES:
            raise IllegalMove("no such move: %r" % (move,))
        if move < CLAIM:
            self._play(p, move // 9, move % 9)
        elif move < DONE:
            self._claim(p, move - CLAIM)
        elif move == DONE:
            if self.phase != PH_CLAIM:
                raise IllegalMove("DONE ends the claim step; play a card first")
            if self.timing == T1999:
                self.phase = PH_PLAY
            else:
                self._end_turn(p)
        else:
            if self.phase != PH_PLAY:
                raise IllegalMove("PASS replaces playing a card; it is the claim step")
            if self.open_stones(p) and self.hand_of(p):
                raise IllegalMove("cannot pass: a card can be played")
            self._after_play(p)

    def _play(self, p, card, stone):
        if self.phase != PH_PLAY:
            raise IllegalMove("it is the claim step: claim stones or end it with DONE")
        if card >= NCARDS:
            raise IllegalMove("no such card: %d" % card)
        slot = -1
        for i in range(p * HMAX, p * HMAX + HMAX):
            if self.hand[i] == card:
                slot = i
        if slot < 0:
            raise IllegalMove("%s is not in player %d's hand" % (name(card), p + 1))
        if self.owner[stone]:
            raise IllegalMove("stone %d is claimed" % (stone + 1))
        i = stone * 2 + p
        n = self.cnt[i]
        if n >= self.need[stone]:
            raise IllegalMove("stone %d is full on player %d's side" % (stone + 1, p + 1))
        self.hand[slot] = NONE
        self.board[i * SLOTS + n] = card
        self.cnt[i] = n + 1
        self.public[card] = 1
        self.nplayed += 1
        self.lplay = self.turn << 11 | p << 10 | (card * 9 + stone)
        self.lclaim = 0
        if n + 1 == self.need[stone]:
            self.done[i] = self.nplayed
        self._after_play(p)

    def _after_play(self, p):
        if self.timing == T1999:
            self._end_turn(p)
        else:
            self.phase = PH_CLAIM

    def _end_turn(self, p):
        # Refill to HAND cards: one draw at most, as one card at most was played.
        o = p * HMAX
        if self.ndeck and len(self.hand_of(p)) < HAND:
            for i in range(o, o + HMAX):
                if self.hand[i] == NONE:
                    self.hand[i] = self._pop()
                    break
        self.to_move = p ^ 1
        self.turn += 1
        self.phase = PH_CLAIM if self.timing == T1999 else PH_PLAY

    def _claim(self, p, stone):
        if self.phase != PH_CLAIM:
            raise IllegalMove("claims come after playing a card (2016) or before it (1999)")
        why = self.claim_check(stone, p)
        if why is not None:
            if isinstance(why, str):
                raise IllegalMove(why)
            if not why:
                raise IllegalMove("stone %d: the opponent's formation wins" % (stone + 1))
            raise IllegalMove(
                "stone %d is not proven: the opponent could still add %s"
                % (stone + 1, " ".join([name(c) for c in why]))
            )
        self.owner[stone] = p + 1
        self.lclaim |= 1 << stone
        if self._winner_after_claim(p):
            self.winner = p
            self.phase = PH_OVER
