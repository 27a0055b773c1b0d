"""Schotten Totten 2 tactic variant: positions as one line of text (docs/NOTATION.md), round
tripping. Desktop tools and tests use it through engine.st2.notation.

  ST2T p1 play w- t12 n13 o3 x0 c1/0 h1=.. h2=.. k=.. d=.. q=.. u1=.. u2=.. a=- v=- s=- r=Z.W 1u=A/D .. 7u=A/D
The base game's fields (engine.st2.notation), then: tactic cards played by each player (c),
the tactic deck (q, bottom first), the action cards each player has used (u1, u2), the action
being carried out (a=NAME/k/cards/cards: the Exchange's size, or 0, the turn player's chosen
cards, the other's), what the players know of hidden cards (v=CARD:bits, engine.st2.tactic.legal),
the elite troops' values of the last declaration (s=ELITE=CARD), the chance generator's state
(r, for Support's shuffle). Every one of the 60 siege and 11 tactic cards appears exactly once.
"""

from engine.errors import IllegalMove
from engine.st2 import moves as T
from engine.st2.cards import NONE, NSIEGE, NTILES
from engine.st2.notation import _cards as cards_text
from engine.st2.notation import _head_fields, _parse_head, _parse_tiles, _tiles_text
from engine.st2.notation import _parse_cards as parse_cards
from engine.st2.tactic.cards import (
    ACTIONS,
    END,
    EXCHANGE,
    FIRST,
    NTACTIC,
    RECRUITMENT,
    REDEPLOYMENT,
    SUPPORT,
    TREASON,
    name,
    parse,
)
from engine.st2.tactic.state import TState
from engine.text import int_field

PHASES = ("play", "declare", "over", "draw", "action", "exchange")


def _cards(seq):
    return cards_text(seq, name)


def _parse_cards(text):
    return parse_cards(text, parse)


def position_text(st):
    """One line describing a whole tactic State."""
    out = ["ST2T"] + _head_fields(st, PHASES)
    out += [
        "c%d/%d" % (st.tcount[0], st.tcount[1]),
        "h1=" + _cards(st.hand_of(0)),
        "h2=" + _cards(st.hand_of(1)),
        "k=" + _cards(st.discard(ACTIONS)),
        "d=" + _cards(st.deck[: st.ndeck]),
        "q=" + _cards(st.tdeck[: st.ntdeck]),
        "u1=" + _cards([c for c in range(ACTIONS, END) if st.loc[c] == 3]),
        "u2=" + _cards([c for c in range(ACTIONS, END) if st.loc[c] == 4]),
    ]
    if st.act:
        out.append("a=%s/%d/%s/%s" % (name(st.act), st.xk, _cards(st.pick[:3]), _cards(st.pick[3:])))
    else:
        out.append("a=-")
    v = ["%s:%d" % (name(c), st.kn[c]) for c in range(END) if st.kn[c]]
    out.append("v=" + (".".join(v) if v else "-"))
    s = ["%s=%s" % (name(st.shown[j]), name(st.shown[j + 1])) for j in range(0, 8, 2) if st.shown[j] != NONE]
    out.append("s=" + (".".join(s) if s else "-"))
    out.append("r=%d.%d" % (st.chz, st.chw))
    out += _tiles_text(st, name)
    return " ".join(out)


def _num(f, prefix, lo, hi):
    return int_field(f, prefix, lo, hi, 10)


def parse_position(text):
    """Text to a tactic State; IllegalMove naming the problem if it is malformed or impossible."""
    f = text.split()
    if len(f) != 20 + NTILES or f[0] != "ST2T":
        raise IllegalMove("a tactic position has 27 fields starting with ST2T")
    st = TState(None)
    _parse_head(st, f, PHASES, 10)
    a, _, b = f[8].partition("/")
    st.tcount[0] = _num(a, "c", 0, NTACTIC)
    st.tcount[1] = _num(b, "", 0, NTACTIC)
    seen = bytearray(END)

    def take(text, key, lo=0, hi=END, most=END, why=""):
        if not text.startswith(key):
            raise IllegalMove("expected %s..." % key)
        cards = _parse_cards(text[len(key) :])
        if len(cards) > most:
            raise IllegalMove(why)
        for c in cards:
            if seen[c]:
                raise IllegalMove("card %s appears twice" % name(c))
            if not lo <= c < hi:
                raise IllegalMove("%s cannot be in %s" % (name(c), key))
            seen[c] = 1
        return cards

    for p in (0, 1):
        h = take(f[9 + p], "h%d=" % (p + 1), most=T.HMAX, why="player %d holds more than 7 cards" % (p + 1))
        for i in range(len(h)):
            st.hand[p * T.HMAX + i] = h[i]
    for c in take(f[11], "k=", hi=ACTIONS):
        st.loc[c] = 2
    d = take(f[12], "d=", hi=NSIEGE)
    st.deck = bytearray(NSIEGE)
    st.deck[: len(d)] = bytes(d)
    st.ndeck = len(d)
    q = take(f[13], "q=", FIRST)
    st.tdeck = bytearray(NTACTIC)
    st.tdeck[: len(q)] = bytes(q)
    st.ntdeck = len(q)
    for p in (0, 1):
        for c in take(f[14 + p], "u%d=" % (p + 1), ACTIONS):
            st.loc[c] = 3 + p
    _action(st, f[16])
    _known(st, f[17])
    _shown(st, f[18])
    z, _, w = f[19].partition(".")
    st.chz = _num(z, "r=", 1, 0x3FFFFFFF)
    st.chw = _num(w, "", 1, 0x3FFFFFFF)
    _parse_tiles(st, f, 20, lambda text, key, most, why: take(text, key, 0, ACTIONS, most, why), 10)
    if sum(seen) != END:
        raise IllegalMove("%d cards are missing" % (END - sum(seen)))
    for c in range(END):
        if st.kn[c] and st.loc[c]:
            raise IllegalMove("v=: %s is not hidden" % name(c))
        for p in (0, 1):  # bit 1 << p: in the other's hand; bit 4 << p: in the siege deck
            if st.kn[c] & (1 << p) and c not in st.hand_of(p ^ 1):
                raise IllegalMove("v=: %s is not in player %d's hand" % (name(c), (p ^ 1) + 1))
            if st.kn[c] & (4 << p) and c not in st.deck[: st.ndeck]:
                raise IllegalMove("v=: %s is not in the siege deck" % name(c))
    if (st.act != 0) != (st.phase in (T.PH_ACTION, T.PH_EXCHANGE)):
        raise IllegalMove("an action card is carried out exactly in the action and exchange phases")
    if st.act and st.loc[st.act] != 3 + st.turn_player():
        raise IllegalMove("the action being carried out is among the turn player's used cards")
    _tactic_counts(st)
    _check_action(st)
    if st.phase not in (T.PH_PLAY, T.PH_OVER) and len(st.hand_of(st.turn_player())) > T.THAND - 1:
        # the draw to come needs an empty slot (Rules.take would lose its card)
        raise IllegalMove("a card was played this turn: the hand holds 6 at most")
    if st.phase == T.PH_DECLARE and (st.to_move != 0 or not st.declarable()):
        raise IllegalMove("the declare phase is the Attacker's, with a declaration possible")
    if st.phase == T.PH_DRAW and not st.ntdeck:
        raise IllegalMove("the draw phase is a choice: the tactic deck is empty")
    return st


def _action(st, f):
    if not f.startswith("a="):
        raise IllegalMove("expected a=...")
    if f == "a=-":
        return
    parts = f[2:].split("/")
    if len(parts) != 4:
        raise IllegalMove("expected a=NAME/k/cards/cards, got %r" % f)
    st.act = parse(parts[0])
    if not ACTIONS <= st.act < END:
        raise IllegalMove("a=: %s is no action card" % parts[0])
    st.xk = _num(parts[1], "", 0, 3)
    n = 0
    for j in (0, 1):
        cs = _parse_cards(parts[2 + j])
        if len(cs) > 3:
            raise IllegalMove("a=: at most three cards each")
        for i in range(len(cs)):
            st.pick[3 * j + i] = cs[i]
        n += len(cs)
    st.nstep = n


def _tactic_counts(st):
    """c=: every tactic card out of the hands and the tactic deck was played by someone, each
    player's used actions among theirs, one more than the other's at most."""
    held = 0
    for c in st.hand:
        if FIRST <= c < END:
            held += 1
    if st.tcount[0] + st.tcount[1] != NTACTIC - st.ntdeck - held:
        raise IllegalMove(
            "c=: %d tactic cards are out of the hands and the deck" % (NTACTIC - st.ntdeck - held)
        )
    if st.tcount[0] > st.tcount[1] + 1 or st.tcount[1] > st.tcount[0] + 1:
        raise IllegalMove("c=: one Tactic card more than the opponent, at most")
    for p in (0, 1):
        used = 0
        for c in range(ACTIONS, END):
            used += st.loc[c] == 3 + p
        if used > st.tcount[p]:
            raise IllegalMove("c=: player %d used more action cards than they played" % (p + 1))


def _check_action(st):
    """a=: the cards already chosen for the action card being carried out are cards it can
    choose (engine.st2.tactic.steps), and its next step has a choice."""
    a = st.act
    if not a:
        return
    p = st.turn_player()
    n = st.nstep
    mine = [c for c in st.pick[:3] if c != NONE]
    other = [c for c in st.pick[3:] if c != NONE]
    if a == EXCHANGE:
        h0 = st.hand_of(p)
        h1 = st.hand_of(p ^ 1)
        if st.xk != min(3, len(h0), len(h1)) or not st.xk:
            raise IllegalMove("a=: the Exchange's size is 3, or the smaller hand's")
        if st.phase == T.PH_ACTION:
            ok = len(mine) < st.xk and not other
        else:
            ok = len(mine) == st.xk and len(other) < st.xk
        if not ok:
            raise IllegalMove(
                "a=: the Exchange's cards, the turn player's first (all of them in its second half)"
            )
        for cs, h in ((mine, h0), (other, h1)):
            for j in range(len(cs)):
                if cs[j] not in h or (j and cs[j] <= cs[j - 1]):
                    raise IllegalMove(
                        "a=: an Exchange's cards are in the chooser's hand, in increasing order"
                    )
    else:
        if (
            st.xk
            or other
            or st.phase != T.PH_ACTION
            or n > (a in (REDEPLOYMENT, RECRUITMENT, TREASON, SUPPORT))
        ):
            raise IllegalMove("a=: %s has no such step" % name(a))
        if n:
            c = mine[0]
            if a == RECRUITMENT or a == SUPPORT:
                ok = c < (NSIEGE if a == SUPPORT else ACTIONS) and st.loc[c] == 2
            else:
                i = st.find(c)[0]
                ok = i >= 0 and i & 1 == (p if a == REDEPLOYMENT else p ^ 1)
            if not ok:
                raise IllegalMove("a=: %s cannot choose %s" % (name(a), name(c)))
    if not st.legal_moves():
        raise IllegalMove("a=: %s has no next step to choose" % name(a))


def _known(st, f):
    if not f.startswith("v="):
        raise IllegalMove("expected v=...")
    if f == "v=-":
        return
    for item in f[2:].split("."):
        c, _, bits = item.partition(":")
        st.kn[parse(c)] = _num(bits, "", 1, 15)


def _shown(st, f):
    if not f.startswith("s="):
        raise IllegalMove("expected s=...")
    if f == "s=-":
        return
    items = f[2:].split(".")
    if len(items) > 4:
        raise IllegalMove("s=: at most four elite troops")
    for j in range(len(items)):
        e, _, v = items[j].partition("=")
        st.shown[2 * j] = parse(e)
        st.shown[2 * j + 1] = parse(v)
        if not FIRST <= st.shown[2 * j] < ACTIONS or st.shown[2 * j + 1] >= NSIEGE:
            raise IllegalMove("s=: an elite troop and the siege card it took, like JOKER=B11")
