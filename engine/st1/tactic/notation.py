"""Text notation of the tactic variant (docs/NOTATION.md): tactic cards, moves and positions.

Cards: the clan cards as in engine.cards, the tactic cards by name (JOKER, JOKER2, SPY, SHIELD,
BLIND, MUD, RECRUITER, STRATEGIST, BANSHEE, TRAITOR). Moves, beyond the base game's:
  SPY@3  an elite troop or a combat mode on stone 3     BANSHEE  a ruse (next to the deck)
  +clan, +tactic  draw from that deck                   *G7  a ruse's step naming G7
  >3  a ruse's step putting the chosen card on stone 3   >discard  Strategist discards it
Position (one line): ST1 <timing> tactic p1 <phase> w- t0 n0 f1 u0.0 j- x0.0 h1= h2= d= e= k=
a=- r1= r2= s1=...s9=, each stone "cards/cards/owner/modes" (docs/NOTATION.md).
"""

from engine import st1
from engine.cards import parse as clan_parse
from engine.errors import IllegalMove
from engine.st1.notation import stone_num
from engine.st1.tactic.state import TState
from engine.st1.tactic.table import (
    DRAW,
    HSLOTS,
    JOKER,
    M_BLIND,
    M_MUD,
    NALL,
    NCLAN,
    NONE,
    PH_ACTION,
    PH_DRAW,
    RECRUITER,
    SHIELD,
    STEP_CARD,
    STEP_DISCARD,
    STEP_STONE,
    TNAMES,
    TNMOVES,
    cname,
)
from engine.text import int_field, text_of

PHASES = ("play", "claim", "over", "draw", "action")
_DECKS = ("+clan", "+tactic")


def parse_card(text):
    """Card name to int, clan or tactic: "G7" -> 33, "SPY" -> 56; IllegalMove otherwise."""
    if isinstance(text, str) and text.upper() in TNAMES:
        return NCLAN + TNAMES.index(text.upper())
    return clan_parse(text)


def move_text(m):
    """Move int to text: move_text(506) == "SPY@3", move_text(622) == "*G7"."""
    if type(m) is not int or m < 0 or m >= TNMOVES:
        raise IllegalMove("no such move: %r" % (m,))
    if m < st1.CLAIM:
        c, s = m // 9, m % 9
        if c >= RECRUITER:
            if s:
                raise IllegalMove("no such move: %r" % (m,))
            return TNAMES[c - NCLAN]
        return "%s@%d" % (cname(c), s + 1)
    if m < DRAW:
        from engine.st1.notation import move_text as base

        return base(m)
    if m < STEP_CARD:
        return _DECKS[m - DRAW]
    if m < STEP_STONE:
        return "*" + cname(m - STEP_CARD)
    if m < STEP_DISCARD:
        return ">%d" % (m - STEP_STONE + 1)
    return ">discard"


def parse_move(text):
    """Text to a tactic move int (engine.st1.game.parse_move tries the base game's forms
    first): parse_move("BANSHEE") == 558, parse_move("+tactic") == 588."""
    t = text_of(text, "move").strip()
    low = t.lower()
    if low in _DECKS:
        return DRAW + _DECKS.index(low)
    if low == ">discard":
        return STEP_DISCARD
    if t[:1] == ">":
        return STEP_STONE + stone_num(t[1:])
    try:
        if t[:1] == "*":
            return STEP_CARD + parse_card(t[1:])
        at = t.find("@")
        c = parse_card(t if at < 0 else t[:at])
    except IllegalMove:
        raise IllegalMove(
            "malformed move %r (expected like G7@3, SPY@3, BANSHEE, C3, done, pass, +clan, "
            "+tactic, *G7, >3, >discard)" % (text,)
        ) from None
    if (at < 0) != (c >= RECRUITER):
        raise IllegalMove("%r: a ruse is played without a stone, other cards on one" % (text,))
    return c * 9 if at < 0 else c * 9 + stone_num(t[at + 1 :])


def _cards(seq, ev=None):
    out = []
    for c in seq:
        if c == NONE:
            continue
        t = cname(c)
        if ev is not None and JOKER <= c <= SHIELD and ev[c - JOKER] != NONE:
            t += "=" + cname(ev[c - JOKER])
        out.append(t)
    return ".".join(out) if out else "-"


def position_text(st):
    """One line describing a whole tactic State."""
    w = "-" if st.winner == NONE else str(st.winner + 1)
    jk = "".join([str(p + 1) for p in (0, 1) if st.jk >> p & 1]) or "-"
    if st.act == NONE:
        a = "-"
    else:
        a = "%s/%s/%d/%d" % (cname(st.act), "-" if st.asel == NONE else cname(st.asel), st.left, st.rets)
    out = [
        "ST1",
        "1999" if st.timing else "2016",
        "tactic",
        "p%d" % (st.to_move + 1),
        PHASES[st.phase],
        "w" + w,
        "t%d" % st.turn,
        "n%d" % st.nplayed,
        "f%d" % (st.first + 1),
        "u%d.%d" % (st.tp[0], st.tp[1]),
        "j" + jk,
        "x%d.%d" % (st.played, st.passes),
        "h1=" + _cards(st.hand_of(0)),
        "h2=" + _cards(st.hand_of(1)),
        "d=" + _cards(st.deck[: st.ndeck]),
        "e=" + _cards(st.tdeck[: st.ntdeck]),
        "k=" + _cards(st.disc[: st.ndisc]),
        "a=" + a,
        "r1=" + _cards([c for c in range(NALL) if st.kn[c] & 1]),
        "r2=" + _cards([c for c in range(NALL) if st.kn[c] & 2]),
    ]
    for s in range(st1.NSTONES):
        sides = []
        for p in (0, 1):
            t = _cards(st.side(s, p), st.ev)
            if st.done[s * 2 + p]:
                t += "@%d" % st.done[s * 2 + p]
            sides.append(t)
        o = st.owner[s]
        m = st.mode[s]
        modes = ("B" if m & M_BLIND else "") + ("M" if m & M_MUD else "") or "-"
        out.append("s%d=%s/%s/%s/%s" % (s + 1, sides[0], sides[1], str(o) if o else "-", modes))
    return " ".join(out)


def _list(f, key):
    if not f.startswith(key):
        raise IllegalMove("expected %s..." % key)
    t = f[len(key) :]
    return [] if t == "-" else t.split(".")


def _pair(f, prefix, hi):
    if not f.startswith(prefix) or f.count(".") != 1:
        raise IllegalMove("expected %s<n>.<n>, got %r" % (prefix, f))
    a, b = f[len(prefix) :].split(".")
    return int_field("n" + a, "n", 0, hi), int_field("n" + b, "n", 0, hi)


def parse_position(text):
    """Text to a tactic State; IllegalMove naming the problem if it is malformed."""
    f = text_of(text, "position").split()
    if len(f) != 20 + st1.NSTONES or f[0] != "ST1" or f[2] != "tactic":
        raise IllegalMove("a tactic position has 29 fields starting with ST1 <timing> tactic")
    if f[1] not in ("2016", "1999") or f[4] not in PHASES:
        raise IllegalMove("bad timing or phase: %r %r" % (f[1], f[4]))
    st = TState(None, 1 if f[1] == "1999" else 0)
    st.to_move = int_field(f[3], "p", 1, 2) - 1
    st.phase = PHASES.index(f[4])
    st.winner = NONE if f[5] == "w-" else int_field(f[5], "w", 1, 2) - 1
    st.turn = int_field(f[6], "t", 0, 10000)
    st.nplayed = int_field(f[7], "n", 0, NALL)  # a game places at most 60: stamps fit a byte
    st.first = int_field(f[8], "f", 1, 2) - 1
    st.tp[0], st.tp[1] = _pair(f[9], "u", NALL - NCLAN)
    if f[10] not in ("j-", "j1", "j2", "j12"):
        raise IllegalMove("expected j-, j1, j2 or j12, got %r" % f[10])
    st.jk = (1 if "1" in f[10] else 0) | (2 if "2" in f[10] else 0)
    st.played, st.passes = _pair(f[11], "x", 2)
    seen = bytearray(NALL)

    def take(names):
        out = []
        for t in names:
            c = parse_card(t)
            if seen[c]:
                raise IllegalMove("card %s appears twice" % cname(c))
            seen[c] = 1
            out.append(c)
        return out

    for p in (0, 1):
        h = take(_list(f[12 + p], "h%d=" % (p + 1)))
        if len(h) > (HSLOTS if st.phase == PH_ACTION else 7):
            raise IllegalMove("player %d holds %d cards" % (p + 1, len(h)))
        for i, c in enumerate(h):
            st.hand[p * HSLOTS + i] = c
    for key, clan in (("d=", True), ("e=", False)):
        d = take(_list(f[14 if clan else 15], key))
        for c in d:
            if (c < NCLAN) != clan:
                raise IllegalMove("%s is in the %s deck" % (cname(c), "clan" if clan else "tactic"))
        if clan:
            st.deck[: len(d)] = bytes(d)
            st.ndeck = len(d)
        else:
            st.tdeck[: len(d)] = bytes(d)
            st.ntdeck = len(d)
    k = take(_list(f[16], "k="))
    st.disc[: len(k)] = bytes(k)
    st.ndisc = len(k)
    for c in k:
        st.public[c] = 1
    _action(st, f[17], take)
    for p in (0, 1):
        for c in _list(f[18 + p], "r%d=" % (p + 1)):
            st.kn[parse_card(c)] |= 1 << p
    for s in range(st1.NSTONES):
        _stone_field(st, s, f[20 + s], take)
    if sum(seen) != NALL:
        raise IllegalMove("%d cards are missing" % (NALL - sum(seen)))
    _check(st)
    return st


def _action(st, field, take):
    if not field.startswith("a="):
        raise IllegalMove("expected a=...")
    if field == "a=-":
        if st.phase == PH_ACTION:
            raise IllegalMove("phase action without a ruse (a=-)")
        return
    parts = field[2:].split("/")
    if len(parts) != 4 or st.phase != PH_ACTION:
        raise IllegalMove("a ruse being resolved is a=CARD/chosen/draws/returns, in phase action")
    c = take([parts[0]])[0]
    if c < RECRUITER:
        raise IllegalMove("%s is no ruse" % cname(c))
    st.act = c
    st.public[c] = 1
    st.asel = NONE if parts[1] == "-" else parse_card(parts[1])
    st.left = int_field("n" + parts[2], "n", 0, 3)
    st.rets = int_field("n" + parts[3], "n", 0, 2)


def _stone_field(st, s, tok, take):
    key = "s%d=" % (s + 1)
    parts = tok[len(key) :].split("/") if tok.startswith(key) else []
    if len(parts) != 4:
        raise IllegalMove("stone %d: expected %scards/cards/owner/modes" % (s + 1, key))
    m = parts[3]
    if m not in ("-", "B", "M", "BM"):
        raise IllegalMove("stone %d: modes are -, B, M or BM" % (s + 1))
    for bit, card, letter in ((M_BLIND, NCLAN + 4, "B"), (M_MUD, NCLAN + 5, "M")):
        if letter in m:
            take([cname(card)])
            st.mode[s] |= bit
            st.public[card] = 1
    if "M" in m:
        st.need[s] = 4
    for p in (0, 1):
        cards_t, _, done_t = parts[p].partition("@")
        names = [] if cards_t == "-" else cards_t.split(".")
        cards = take([n.partition("=")[0] for n in names])
        if len(cards) > st.need[s]:
            raise IllegalMove("stone %d: more than %d cards" % (s + 1, st.need[s]))
        if (len(cards) == st.need[s]) != bool(done_t):
            raise IllegalMove("stone %d: a complete side, and only it, carries @n" % (s + 1))
        i = s * 2 + p
        for j, c in enumerate(cards):
            st.board[i * st1.SLOTS + j] = c
            st.public[c] = 1
            val = names[j].partition("=")[2]
            if val:
                if not JOKER <= c <= SHIELD:
                    raise IllegalMove("stone %d: only an elite troop takes a value (%s)" % (s + 1, names[j]))
                st.ev[c - JOKER] = clan_parse(val)
        st.cnt[i] = len(cards)
        if done_t:
            st.done[i] = int_field("@" + done_t, "@", 1, st.nplayed)
    if parts[2] not in ("-", "1", "2"):
        raise IllegalMove("stone %d: owner must be -, 1 or 2" % (s + 1))
    st.owner[s] = 0 if parts[2] == "-" else int(parts[2])


def _check(st):
    """IllegalMove for what no game can hold (a light check: the counts agree)."""
    for p in (0, 1):
        if st.tp[p] > st.tp[p ^ 1] + 1:
            raise IllegalMove("player %d has played two tactic cards more than the opponent" % (p + 1))
        for c in (JOKER, JOKER + 1):
            w = st.find(c)
            if w is not None and w[1] == p and not st.jk >> p & 1:
                raise IllegalMove("a Joker on player %d's side, but j says none was played" % (p + 1))
    if st.nplayed < sum(st.cnt):
        raise IllegalMove("n%d: fewer than the cards on the stones (%d)" % (st.nplayed, sum(st.cnt)))
    stamps = [d for d in st.done if d]
    if len(set(stamps)) != len(stamps):
        raise IllegalMove("two sides completed with the same card")
    for s in range(st1.NSTONES):
        o = st.owner[s]
        if o and st.cnt[s * 2 + o - 1] != st.need[s]:
            raise IllegalMove("stone %d: player %d claimed it without a complete side" % (s + 1, o))
        for p in (0, 1):
            fixed = bool(o) and st.cnt[s * 2 + p] == st.need[s]
            for c in st.side(s, p):
                if JOKER <= c <= SHIELD and (st.ev[c - JOKER] != NONE) != fixed:
                    raise IllegalMove(
                        "stone %d: an elite troop has a value exactly when its side is complete"
                        " and the stone claimed" % (s + 1)
                    )
    if (st.phase == st1.PH_OVER) != (st.winner != NONE):
        raise IllegalMove("a game is over exactly when it has a winner")
    if st.phase == PH_DRAW and not (st.ndeck and st.ntdeck):
        raise IllegalMove("phase draw with an empty deck: there is no choice")
    if st.phase == PH_ACTION and st.asel != NONE and st.find(st.asel) is None:
        raise IllegalMove("the card the ruse chose is on no stone")
    if st.phase != st1.PH_OVER and st.passes > 1:
        raise IllegalMove("two passes in a row end the game")
