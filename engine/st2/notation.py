"""Schotten Totten 2 text notation (docs/NOTATION.md): moves, positions and records, all
round-tripping. The device need not import this module (it packs records with
engine.st2.match.pack_games and reads them back with engine.st2.record).

Moves: "B11@3" plays B11 at tile 3 (tiles 1-7, left to right), "C3" declares control of tile 3,
"oil3" throws a cauldron on tile 3, "ret135" retreats from tiles 1, 3 and 5, "done" ends the
declarations after the card.
Position, one line of space-separated fields:
  ST2 p1 play w- t12 n13 o3 x0 h1=R1.R2.. h2=.. k=<discard> d=<deck> 1u=A/D 2u=A/D .. 7d=A/D
the player to move (p1 = the Attacker), phase, winner, turns, cards played, cauldrons left,
preparation taken this turn (x1), hands, the discard (sorted), the deck (bottom first, drawn
from the end), then each tile with its side (u/d): the Attacker's cards in play order with
"@n" once complete (n = cards played when it completed), "/", the Defender's. "-" is empty.
"""

from engine.errors import IllegalMove
from engine.st2 import moves as T
from engine.st2.cards import NONE, NSIEGE, NTILES, name, need
from engine.st2.state import State
from engine.text import digits, int_field, text_of

_PHASES = ("play", "declare", "over")


def parse_card(text):
    """Card name to int, e.g. "B11" -> 47; IllegalMove for anything else."""
    if not isinstance(text, str) or len(text) < 2 or len(text) > 3:
        raise IllegalMove("unknown card %r" % (text,))
    col = "RYGBP".find(text[0].upper())
    num = text[1:]
    if col < 0 or not digits(num, 2) or (len(num) == 2 and num[0] == "0"):
        raise IllegalMove("unknown card %r" % (text,))
    s = int(num)
    if s > 11:
        raise IllegalMove("unknown card %r" % (text,))
    return col * 12 + s


def move_text(m):
    """Move int to text: move_text(331) == "B11@3", move_text(523) == "ret13"."""
    if type(m) is not int or m < 0:  # not a bool either: move_text(True) is no move
        raise IllegalMove("no such move: %r" % (m,))
    if m < T.DECLARE:
        if m // 7 >= NSIEGE:
            return _tactic_text(m)
        return "%s@%d" % (name(m // 7), m % 7 + 1)
    if m < T.CAULDRON:
        return "C%d" % (m - T.DECLARE + 1)
    if m < T.RETREAT:
        return "oil%d" % (m - T.CAULDRON + 1)
    if T.RETREAT < m < T.DONE:
        return "ret" + "".join([str(t + 1) for t in T.decode_retreat(m)])
    if m == T.DONE:
        return "done"
    if m > T.DONE:
        return _tactic_text(m)
    raise IllegalMove("no such move: %r" % (m,))


def _tactic_text(m):
    """The tactic variant's moves: "SPY@3", "DESERTION", ">B11", ">3", ">k", "ds", "dt", "pass"."""
    from engine.st2.tactic import cards as X

    if m < T.DECLARE:
        c = m // 7
        if c < X.ACTIONS:
            return "%s@%d" % (X.name(c), m % 7 + 1)
        if c < X.END and m % 7 == 0:
            return X.name(c)
    elif m == T.PASS:
        return "pass"
    elif m == T.DRAW_SIEGE:
        return "ds"
    elif m == T.DRAW_TACTIC:
        return "dt"
    elif m < T.TARGET_TILE:
        if m - T.TARGET_CARD < X.END:
            return ">" + X.name(m - T.TARGET_CARD)
    elif m < T.TARGET_DISCARD:
        return ">%d" % (m - T.TARGET_TILE + 1)
    elif m == T.TARGET_DISCARD:
        return ">k"
    raise IllegalMove("no such move: %r" % (m,))


def _tactic_parse(t):
    """The tactic variant's move texts (see _tactic_text), or None."""
    from engine.st2.tactic import cards as X

    low = t.lower()
    if low in ("pass", "ds", "dt"):
        return (T.PASS, T.DRAW_SIEGE, T.DRAW_TACTIC)[("pass", "ds", "dt").index(low)]
    if t[:1] == ">":
        if low == ">k":
            return T.TARGET_DISCARD
        if len(t) == 2 and "1" <= t[1] <= "9":
            return T.TARGET_TILE + _tile(t[1])
        return T.TARGET_CARD + X.parse(t[1:])
    at = t.find("@")
    head = (t if at < 0 else t[:at]).upper()
    if head in X.NAMES:
        c = X.FIRST + X.NAMES.index(head)
        if c >= X.ACTIONS:
            if at >= 0:
                raise IllegalMove("an action card is played without a tile: %r" % (t,))
            return c * 7
        if at < 0:
            raise IllegalMove("an elite troop is played at a tile, like %s@3" % head)
        return c * 7 + _tile(t[at + 1 :])
    return None


def _tile(text):
    if len(text) != 1 or not "1" <= text <= "7":
        raise IllegalMove("no such tile %r (tiles are 1-7)" % (text,))
    return ord(text) - 49


def parse_move(text):
    """Text to move int: parse_move("B11@3") == 331; IllegalMove if malformed."""
    t = text_of(text, "move").strip()
    low = t.lower()
    if low == "done":
        return T.DONE
    if low.startswith("oil") and len(t) == 4:
        return T.CAULDRON + _tile(t[3])
    if low.startswith("ret") and len(t) > 3:
        tiles = [_tile(ch) for ch in t[3:]]
        if any(tiles[i] >= tiles[i + 1] for i in range(len(tiles) - 1)):
            raise IllegalMove("retreat tiles go in increasing order, once each: %r" % (text,))
        return T.encode_retreat(tiles)
    if len(t) == 2 and t[0] in "cC":
        return T.DECLARE + _tile(t[1])
    at = t.find("@")
    if at < 0 or (at > 1 and t[1].isalpha()):  # tactic card names are all letters
        m = _tactic_parse(t)
        if m is None:
            raise IllegalMove("malformed move %r (expected like B11@3, C3, oil3, ret135, done)" % (text,))
        return m
    return parse_card(t[:at]) * 7 + _tile(t[at + 1 :])


def _cards(seq, name=name):
    """Cards as text, "R1.B11" ("-" for none); `name`: the tactic variant's names the tactic
    cards too (engine.st2.tactic.notation)."""
    seq = [c for c in seq if c != NONE]
    return ".".join([name(c) for c in seq]) if seq else "-"


def _parse_cards(text, parse=parse_card):
    return [] if text == "-" else [parse(x) for x in text.split(".")]


def _head_fields(st, phases):
    """The fields after the first that both variants write: player, phase, winner, turns,
    cards played, cauldrons left, preparation taken."""
    return [
        "p%d" % (st.to_move + 1),
        phases[st.phase],
        "w" + ("-" if st.winner == NONE else str(st.winner + 1)),
        "t%d" % st.turn,
        "n%d" % st.nplayed,
        "o%d" % st.oil,
        "x%d" % st.prep,
    ]


def _tiles_text(st, name=name):
    """The seven tile fields: "1u=A/D", each side's cards in play order, "@n" once complete."""
    out = []
    for t in range(NTILES):
        sides = []
        for p in (0, 1):
            s = _cards(st.cards_at(t, p), name)
            if st.done[t * 2 + p]:
                s += "@%d" % st.done[t * 2 + p]
            sides.append(s)
        out.append("%d%s=%s/%s" % (t + 1, "ud"[st.side[t]], sides[0], sides[1]))
    return out


def position_text(st):
    """One line describing a whole State (of the tactic variant: engine.st2.tactic.notation)."""
    if st.variant:
        from engine.st2.tactic.notation import position_text as text

        return text(st)
    out = ["ST2"] + _head_fields(st, _PHASES)
    out += [
        "h1=" + _cards(st.hand_of(0)),
        "h2=" + _cards(st.hand_of(1)),
        "k=" + _cards(st.discard()),
        "d=" + _cards(st.deck[: st.ndeck]),
    ]
    out += _tiles_text(st)
    return " ".join(out)


def _parse_head(st, f, phases, most=9):
    """Fields 1..7 (_head_fields) into st; numbers of at most `most` digits."""
    if f[2] not in phases:
        raise IllegalMove("bad phase %r" % f[2])
    st.to_move = int_field(f[1], "p", 1, 2, most) - 1
    st.phase = phases.index(f[2])
    st.winner = NONE if f[3] == "w-" else int_field(f[3], "w", 1, 2, most) - 1
    if (st.winner == NONE) != (st.phase != T.PH_OVER):
        raise IllegalMove("a winner exactly when the phase is over")
    st.turn = int_field(f[4], "t", 0, 255, most)
    st.nplayed = int_field(f[5], "n", 0, 255, most)
    st.oil = int_field(f[6], "o", 0, T.OIL, most)
    st.prep = int_field(f[7], "x", 0, 1, most)


def _parse_tiles(st, f, first, take, most=9):
    """The seven tile fields f[first:first + 7] into st; take(text, key, most, why) checks and
    counts a list of cards (the caller's, once for every card of the position)."""
    for t in range(NTILES):
        tok = f[first + t]
        if len(tok) < 3 or tok[0] != str(t + 1) or tok[1] not in "ud" or tok[2] != "=":
            raise IllegalMove("tile %d: expected %du=... or %dd=..." % (t + 1, t + 1, t + 1))
        st.side[t] = "ud".index(tok[1])
        parts = tok[3:].split("/")
        if len(parts) != 2:
            raise IllegalMove("tile %d: expected Attacker/Defender cards" % (t + 1))
        n = need(t, st.side[t])
        for p in (0, 1):
            cards_t, _, done_t = parts[p].partition("@")
            cards = take(cards_t, "", n, "tile %d: more than %d cards" % (t + 1, n))
            if (len(cards) == n) != bool(done_t):
                raise IllegalMove("tile %d: a complete side, and only it, carries @n" % (t + 1))
            i = t * 2 + p
            for k in range(len(cards)):
                st.board[i * T.SLOTS + k] = cards[k]
                st.loc[cards[k]] = 1
            st.cnt[i] = len(cards)
            if done_t:
                st.done[i] = int_field("@" + done_t, "@", 1, st.nplayed, most)


def parse_position(text):
    """Text to State; IllegalMove naming the problem if it is malformed or impossible."""
    if text_of(text, "position").startswith("ST2T "):
        from engine.st2.tactic.notation import parse_position as parse

        return parse(text)
    f = text.split()
    if len(f) != 12 + NTILES or f[0] != "ST2":
        raise IllegalMove("a position has 19 fields starting with ST2")
    st = State(None)
    _parse_head(st, f, _PHASES)
    seen = bytearray(NSIEGE)

    def take(text, key, most=NSIEGE, why=""):
        if not text.startswith(key):
            raise IllegalMove("expected %s..." % key)
        cards = _parse_cards(text[len(key) :])
        if len(cards) > most:
            raise IllegalMove(why)
        for c in cards:
            if seen[c]:
                raise IllegalMove("card %s appears twice" % name(c))
            seen[c] = 1
        return cards

    for p in (0, 1):
        h = take(f[8 + p], "h%d=" % (p + 1), T.HAND, "player %d holds more than %d cards" % (p + 1, T.HAND))
        for i in range(len(h)):
            st.hand[p * T.HMAX + i] = h[i]
    for c in take(f[10], "k="):
        st.loc[c] = 2
    d = take(f[11], "d=")
    st.deck = bytearray(d)
    st.ndeck = len(d)
    _parse_tiles(st, f, 12, take)
    if sum(seen) != NSIEGE:
        raise IllegalMove("%d cards are missing" % (NSIEGE - sum(seen)))
    if st.phase == T.PH_DECLARE and (st.to_move != 0 or not st.declarable()):
        raise IllegalMove("the declare phase is the Attacker's, with a declaration possible")
    if st.phase == T.PH_DECLARE and len(st.hand_of(0)) > T.HAND - 1:
        # after the Attacker's card: the draw to come would make a 7th
        raise IllegalMove("a card was played this turn: the hand holds %d at most" % (T.HAND - 1))
    return st
