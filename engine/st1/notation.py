"""Text notation for moves and whole positions (docs/NOTATION.md), round-tripping.

Moves: "G7@3" plays G7 on stone 3 (stones 1-9), "C3" claims stone 3, "done", "pass".
Position, one line of space-separated fields:
  ST1 2016 p1 play w- t0 n0 f1 h1=R1.R2 h2=B5 d=G1.G2 s1=R7.G7.B7@4/P1.P2/- ... s9=-/-/-
timing, player to move, phase, winner (- or 1/2), turns, cards played, first player,
hands, deck (bottom first, drawn from the end), then each stone: player 1's cards in play
order with "@n" once complete (n = cards played in the game when it completed), player 2's,
and the owner (- or 1/2). "-" is an empty list.
"""

from engine import st1
from engine.cards import NCARDS, NONE, name, parse
from engine.errors import IllegalMove
from engine.text import int_field, text_of

_PHASES = ("play", "claim", "over")
_TIMINGS = ("2016", "1999")


def move_text(m):
    """Move int to text: move_text(299) == "G7@3"."""
    if type(m) is not int or m < 0:  # a bool is no move
        raise IllegalMove("no such move: %r" % (m,))
    if m < st1.CLAIM:
        return "%s@%d" % (name(m // 9), m % 9 + 1)
    if m < st1.DONE:
        return "C%d" % (m - st1.CLAIM + 1)
    if m == st1.DONE:
        return "done"
    if m == st1.PASS:
        return "pass"
    raise IllegalMove("no such move: %r" % (m,))


def stone_num(text):
    """0-based stone of its digit: stone_num("3") == 2; IllegalMove for anything else."""
    if len(text) != 1 or not "1" <= text <= "9":
        raise IllegalMove("no such stone %r (stones are 1-9)" % (text,))
    return ord(text) - 49


def parse_move(text):
    """Text to move int: parse_move("G7@3") == 299; IllegalMove if malformed."""
    t = text_of(text, "move").strip()
    low = t.lower()
    if low == "done":
        return st1.DONE
    if low == "pass":
        return st1.PASS
    if len(t) == 2 and t[0] in "cC":
        return st1.CLAIM + stone_num(t[1])
    at = t.find("@")
    if at < 0:
        raise IllegalMove("malformed move %r (expected like G7@3, C3, done, pass)" % (text,))
    return parse(t[:at]) * 9 + stone_num(t[at + 1 :])


def _cards(seq):
    seq = [c for c in seq if c != NONE]
    return ".".join([name(c) for c in seq]) if seq else "-"


def _parse_cards(text):
    if text == "-":
        return []
    return [parse(x) for x in text.split(".")]


def position_text(st):
    """One line describing a whole State."""
    w = "-" if st.winner == NONE else str(st.winner + 1)
    out = [
        "ST1",
        _TIMINGS[st.timing],
        "p%d" % (st.to_move + 1),
        _PHASES[st.phase],
        "w" + w,
        "t%d" % st.turn,
        "n%d" % st.nplayed,
        "f%d" % (st.first + 1),
        "h1=" + _cards(st.hand_of(0)),
        "h2=" + _cards(st.hand_of(1)),
        "d=" + _cards(st.deck[: st.ndeck]),
    ]
    for s in range(st1.NSTONES):
        sides = []
        for p in (0, 1):
            t = _cards(st.side(s, p))
            if st.done[s * 2 + p]:
                t += "@%d" % st.done[s * 2 + p]
            sides.append(t)
        o = st.owner[s]
        out.append("s%d=%s/%s/%s" % (s + 1, sides[0], sides[1], str(o) if o else "-"))
    return " ".join(out)


def parse_position(text):
    """Text to State; IllegalMove naming the problem if it is malformed or impossible."""
    f = text_of(text, "position").split()
    if len(f) != 11 + st1.NSTONES or f[0] != "ST1":
        raise IllegalMove("a position has 20 fields starting with ST1")
    if f[1] not in _TIMINGS or f[3] not in _PHASES:
        raise IllegalMove("bad timing or phase: %r %r" % (f[1], f[3]))
    st = st1.State(None, _TIMINGS.index(f[1]))
    st.to_move = int_field(f[2], "p", 1, 2) - 1
    st.phase = _PHASES.index(f[3])
    st.winner = NONE if f[4] == "w-" else int_field(f[4], "w", 1, 2) - 1
    st.turn = int_field(f[5], "t", 0, 10000)
    st.nplayed = int_field(f[6], "n", 0, NCARDS)
    st.first = int_field(f[7], "f", 1, 2) - 1
    seen = bytearray(NCARDS)

    def take(cards):
        for c in cards:
            if seen[c]:
                raise IllegalMove("card %s appears twice" % name(c))
            seen[c] = 1
        return cards

    for p in (0, 1):
        key = "h%d=" % (p + 1)
        if not f[8 + p].startswith(key):
            raise IllegalMove("expected %s..." % key)
        h = take(_parse_cards(f[8 + p][3:]))
        if len(h) > st1.HAND:
            raise IllegalMove("player %d holds more than %d cards" % (p + 1, st1.HAND))
        for i in range(len(h)):
            st.hand[p * st1.HMAX + i] = h[i]
    if not f[10].startswith("d="):
        raise IllegalMove("expected d=...")
    d = take(_parse_cards(f[10][2:]))
    st.deck = bytearray(d)
    st.ndeck = len(d)
    for s in range(st1.NSTONES):
        tok = f[11 + s]
        key = "s%d=" % (s + 1)
        parts = tok[len(key) :].split("/") if tok.startswith(key) else []
        if len(parts) != 3:
            raise IllegalMove("stone %d: expected %scards/cards/owner" % (s + 1, key))
        for p in (0, 1):
            cards_t, _, done_t = parts[p].partition("@")
            cards = take(_parse_cards(cards_t))
            if len(cards) > st.need[s]:
                raise IllegalMove("stone %d: more than %d cards" % (s + 1, st.need[s]))
            complete = len(cards) == st.need[s]
            if complete != bool(done_t):
                raise IllegalMove("stone %d: a complete side, and only it, carries @n" % (s + 1))
            i = s * 2 + p
            for k in range(len(cards)):
                st.board[i * st1.SLOTS + k] = cards[k]
                st.public[cards[k]] = 1
            st.cnt[i] = len(cards)
            if done_t:
                st.done[i] = int_field("@" + done_t, "@", 1, st.nplayed)
        if parts[2] not in ("-", "1", "2"):
            raise IllegalMove("stone %d: owner must be -, 1 or 2" % (s + 1))
        st.owner[s] = 0 if parts[2] == "-" else int(parts[2])
    if sum(seen) != NCARDS:
        raise IllegalMove("%d cards are missing" % (NCARDS - sum(seen)))
    _check_possible(st)
    return st


def _check_possible(st):
    """IllegalMove unless a game could reach `st` (the counts, turns, claims and winner agree)."""
    if sum(st.cnt) != st.nplayed:
        raise IllegalMove("n%d, but %d cards are on the stones" % (st.nplayed, sum(st.cnt)))
    if st.to_move != st.first ^ (st.turn & 1):
        raise IllegalMove(
            "player %d starts, so after %d turns it is player %d's turn"
            % (st.first + 1, st.turn, (st.first ^ (st.turn & 1)) + 1)
        )
    # under 2016, the claim step (and a win) comes after the turn's card: one card fewer in hand
    played = 1 if st.timing == st1.T2016 and st.phase != st1.PH_PLAY else 0
    if st.nplayed > st.turn + played:
        raise IllegalMove("%d cards played in %d turns" % (st.nplayed, st.turn))
    if st.ndeck:  # hands are refilled to six while the deck lasts
        p = st.to_move
        n, m = len(st.hand_of(p)), len(st.hand_of(p ^ 1))
        if m != st1.HAND or n < st1.HAND - played:
            raise IllegalMove(
                "with cards in the deck, player %d holds %d and player %d %d" % (p + 1, n, (p ^ 1) + 1, m)
            )
    stamps = []
    for i in range(st1.NSTONES * 2):
        if st.done[i]:
            if st.done[i] in stamps:
                raise IllegalMove("two sides completed with the same card (@%d)" % st.done[i])
            stamps.append(st.done[i])
    for s in range(st1.NSTONES):
        o = st.owner[s]
        if o and st.cnt[s * 2 + o - 1] != st.need[s]:
            raise IllegalMove("stone %d: player %d claimed it without a complete side" % (s + 1, o))
    over = st.phase == st1.PH_OVER
    if over != (st.winner != NONE):
        raise IllegalMove(
            "a game is over exactly when it has a winner (phase %s, winner %s)"
            % (_PHASES[st.phase], "-" if st.winner == NONE else st.winner + 1)
        )
    for p in (0, 1):
        won = st._winner_after_claim(p)
        if won and not (over and st.winner == p):
            raise IllegalMove("player %d holds a winning set of stones, but the game goes on" % (p + 1))
        if over and st.winner == p and (not won or st.to_move != p):
            raise IllegalMove("player %d is said to have won by their own claim, but did not" % (p + 1))
