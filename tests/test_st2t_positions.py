"""Schotten Totten 2 tactic variant: bad positions (engine.st2.tactic.notation.parse_position). An
impossible position is refused with an IllegalMove; every position the parser accepts can be
played on (its legal moves apply, anything else is refused and changes nothing)."""

import pytest

from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st2 import moves as T
from engine.st2.notation import parse_move, parse_position, position_text
from engine.st2.tactic.cards import END, name
from engine.st2.tactic.play import random_move
from engine.st2.tactic.state import TState
from tests.st2t_helpers import build, quick_invariants, snapshot


def _redeploying():
    st = build(
        {2: ("R3 SPY", "G7")}, hand1="REDEPLOYMENT Y1 Y2 Y3 Y4 Y5 Y6", tcount=(1, 1), used2="DESERTION"
    )
    st.apply(parse_move("REDEPLOYMENT"))
    return position_text(st)


def test_an_action_s_chosen_card_must_be_one_it_can_choose():
    text = _redeploying()
    assert " a=REDEPLOYMENT/0/-/- " in text
    top = text.split(" d=")[1].split(" ")[0].split(".")[-1]
    cases = (
        ("REDEPLOYMENT/0/%s/-" % top, "REDEPLOYMENT cannot choose %s" % top),  # in the deck
        ("REDEPLOYMENT/0/G7/-", "REDEPLOYMENT cannot choose G7"),  # the other side's card
        ("REDEPLOYMENT/0/R3.SPY/-", "no such step"),  # two cards chosen
        ("REDEPLOYMENT/0/-/R3", "no such step"),  # an Exchange's second half
        ("REDEPLOYMENT/2/-/-", "no such step"),  # an Exchange's size
        ("DESERTION/0/G7/-", "used cards"),  # not the card played
    )
    for a, why in cases:
        with pytest.raises(IllegalMove, match=why):
            parse_position(text.replace(" a=REDEPLOYMENT/0/-/- ", " a=%s " % a))
    ok = parse_position(text.replace(" a=REDEPLOYMENT/0/-/- ", " a=REDEPLOYMENT/0/SPY/- "))
    assert ok.pick[0] == parse_move(">SPY") - T.TARGET_CARD and T.TARGET_DISCARD in ok.legal_moves()
    ok.apply(T.TARGET_DISCARD)
    assert ok.loc[parse_move(">SPY") - T.TARGET_CARD] == 2 and ok.phase == T.PH_DRAW


def test_exchange_and_support_picks():
    st = build({}, hand1="EXCHANGE Y1 Y2 Y3 Y4 Y5 Y6", discard="P3 P4")
    st.apply(parse_move("EXCHANGE"))
    st.apply(parse_move(">Y1"))
    text = position_text(st)
    assert " a=EXCHANGE/3/Y1/- " in text
    h2 = text.split(" h2=")[1].split(" ")[0].split(".")
    for a, why in (
        ("EXCHANGE/2/Y1/-", "size"),
        ("EXCHANGE/3/Y2.Y1/-", "increasing order"),
        ("EXCHANGE/3/%s/-" % h2[0], "in the chooser's hand"),
        ("EXCHANGE/3/Y1.Y2.Y3/-", "the turn player's first"),  # all three: the other's half
        ("EXCHANGE/3/Y5.Y6/-", "no next step"),  # no third card above Y6
    ):
        with pytest.raises(IllegalMove, match=why):
            parse_position(text.replace(" a=EXCHANGE/3/Y1/- ", " a=%s " % a))
    st = build({}, hand1="SUPPORT Y1 Y2 Y3 Y4 Y5 Y6", discard="P3 P4 JOKER", tcount=(1, 1), used2="DESERTION")
    st.apply(parse_move("SUPPORT"))
    text = position_text(st)
    for a, why in (("JOKER", "cannot choose JOKER"), ("Y1", "cannot choose Y1"), ("P4", "no next step")):
        with pytest.raises(IllegalMove, match=why):
            parse_position(text.replace(" a=SUPPORT/0/-/- ", " a=SUPPORT/0/%s/- " % a))
    assert parse_position(text.replace(" a=SUPPORT/0/-/- ", " a=SUPPORT/0/P3/- ")).legal_moves() == [
        T.TARGET_CARD + parse_move(">P4") - T.TARGET_CARD
    ]


def test_the_tactic_counts_must_add_up():
    text = _redeploying()
    assert " c2/1 " in text and " u1=REDEPLOYMENT u2=DESERTION " in text
    used = (" u1=REDEPLOYMENT u2=DESERTION ", " u1=REDEPLOYMENT.DESERTION u2=- ")
    for c, u, why in (
        ("c3/1", used[0], "3 tactic cards are out of the hands"),
        ("c3/0", used[0], "more than the opponent"),
        ("c2/1", used[1], None),
        ("c1/2", used[1], "player 1 used more"),
    ):
        bad = text.replace(" c2/1 ", " %s " % c).replace(used[0], u)
        if why is None:
            assert position_text(parse_position(bad)) == bad
            continue
        with pytest.raises(IllegalMove, match=why):
            parse_position(bad)


def _one_more(text, h):
    """The position with the siege deck's top card moved into hand h (1 or 2)."""
    f = text.split()
    hand = f[8 + h][3:].split(".") if f[8 + h] != "h%d=-" % h else []
    deck = f[12][2:].split(".")
    f[8 + h] = "h%d=" % h + ".".join(hand + deck[-1:])
    f[12] = "d=" + ".".join(deck[:-1])
    return " ".join(f)


def _declaring():
    """A position of a random game in the declare phase."""
    rng = Rng(5)
    for g in range(20):
        st = TState(g)
        while st.phase != T.PH_OVER:
            if st.phase == T.PH_DECLARE:
                return position_text(st)
            st.apply(random_move(st, rng))
    raise AssertionError("no declaration in 20 games")


def _exchanging():
    st = build({2: ("SPY R5", "G7")}, hand1="EXCHANGE Y1 Y2 Y3 Y4 Y5 Y6", tcount=(1, 1), used2="DESERTION")
    for t in ("EXCHANGE", ">Y1", ">Y2", ">Y3"):
        st.apply(parse_move(t))
    return position_text(st)


def test_a_card_played_this_turn_leaves_six_cards_at_most():
    """After the card (the declare, draw and action phases, the Exchange's second half) the turn
    player holds 6 cards at most: with 7 the draw would find no empty slot for its card (it
    was lost while the deck went down)."""
    start = position_text(TState(3))
    assert " play " in start and len(parse_position(start).hand_of(0)) == 7
    texts = (start.replace(" play ", " draw ", 1), _one_more(_declaring(), 1))
    texts += (_one_more(_redeploying(), 1), _one_more(_exchanging(), 1))
    for text, ph in zip(texts, ("draw", "declare", "action", "exchange")):
        assert " %s " % ph in text
        with pytest.raises(IllegalMove, match="the hand holds 6 at most"):
            parse_position(text)
    # the other player holds 7 (in the Exchange's second half, the one choosing now)
    for text in (_redeploying(), _exchanging()):
        assert len(parse_position(text).hand_of(1)) == 7


def test_what_the_players_know_is_where_the_cards_are():
    """v=CARD:bits: bit 1 (2), player 1 (2) knows the card is in the other's hand; bit 4 (8),
    player 1 (2) knows it is in the siege deck (both after Support: 12)."""
    text = position_text(TState(3))
    assert " v=- " in text
    h1 = text.split(" h1=")[1].split(" ")[0].split(".")
    h2 = text.split(" h2=")[1].split(" ")[0].split(".")
    d = text.split(" d=")[1].split(" ")[0].split(".")
    for v in ("%s:1" % h2[0], "%s:2" % h1[0], "%s:12" % d[0], "%s:4.%s:8" % (d[1], d[2])):
        st = parse_position(text.replace(" v=- ", " v=%s " % v))
        for item in v.split("."):
            c, _, bits = item.partition(":")
            assert st.kn[parse_move(">" + c) - T.TARGET_CARD] == int(bits)
    for v, why in (
        ("%s:1" % d[0], "not in player 2's hand"),  # the reviewer's B6:1, B6 in the deck
        ("%s:1" % h1[0], "not in player 2's hand"),
        ("%s:2" % h2[0], "not in player 1's hand"),
        ("%s:3" % h2[0], "not in player 1's hand"),  # in both hands
        ("%s:4" % h1[0], "not in the siege deck"),
        ("%s:8" % h2[0], "not in the siege deck"),
        ("%s:12" % h1[0], "not in the siege deck"),
        ("%s:5" % d[0], "not in player 2's hand"),
        ("JOKER:4", "not in the siege deck"),  # in the tactic deck
    ):
        with pytest.raises(IllegalMove, match=why):
            parse_position(text.replace(" v=- ", " v=%s " % v))


def _positions(games, seed):
    rng = Rng(seed)
    out = []
    for g in range(games):
        st = TState(seed * 1000 + g)
        k = 0
        while st.phase != T.PH_OVER:
            if k % 5 == 0 or st.act:
                out.append(position_text(st))
            st.apply(random_move(st, rng))
            k += 1
        out.append(position_text(st))
    return out


# The card lists of a position: hands, discard, decks, used actions (fields 9..15) and the
# 14 tile sides (field 20 + tile, side 0 or 1), as (field, side) with side None for a field.
_LISTS = [(j, None) for j in range(9, 16)] + [(20 + t, s) for t in range(7) for s in (0, 1)]


def _get(f, where):
    """(cards, a function giving the field back with other cards) of one card list."""
    j, side = where
    head, _, rest = f[j].partition("=")
    parts = rest.split("/") if side is not None else [rest]
    k = side or 0
    cards, at, tail = parts[k].partition("@")

    def put(cs):
        parts[k] = (".".join(cs) if cs else "-") + at + tail
        return head + "=" + "/".join(parts)

    return ([] if cards == "-" else cards.split(".")), put


def _mutate(text, rng, others):
    f = text.split()
    kind = rng.randrange(5)
    if kind == 0:  # a field from another position
        j = 1 + rng.randrange(len(f) - 1)
        f[j] = others[rng.randrange(len(others))].split()[j]
    elif kind == 1:  # a card moves from one place to another (all 71 still there once)
        a = _LISTS[rng.randrange(len(_LISTS))]
        b = _LISTS[rng.randrange(len(_LISTS))]
        ca, put_a = _get(f, a)
        if ca and a != b:
            c = ca.pop(rng.randrange(len(ca)))
            f[a[0]] = put_a(ca)
            cb, put_b = _get(f, b)
            cb.insert(rng.randrange(len(cb) + 1), c)
            f[b[0]] = put_b(cb)
    elif kind == 2:  # a number changed
        j = 1 + rng.randrange(len(f) - 1)
        digits = [i for i in range(len(f[j])) if f[j][i].isdigit()]
        if digits:
            i = digits[rng.randrange(len(digits))]
            f[j] = f[j][:i] + str(rng.randrange(10)) + f[j][i + 1 :]
    elif kind == 3:  # an action card being carried out, with random picks
        a = ("REDEPLOYMENT", "RECRUITMENT", "DESERTION", "TREASON", "EXPLOSION", "SUPPORT", "EXCHANGE")
        picks = [name(rng.randrange(END)) for _ in range(rng.randrange(3))]
        f[16] = "a=%s/%d/%s/%s" % (
            a[rng.randrange(7)],
            rng.randrange(4),
            ".".join(picks) or "-",
            name(rng.randrange(END)) if rng.randrange(4) == 0 else "-",
        )
        f[2] = ("action", "exchange", f[2])[rng.randrange(3)]
    else:  # the phase or the player to move
        j = 1 + rng.randrange(2)
        f[j] = (
            ("p1", "p2")[rng.randrange(2)]
            if j == 1
            else ("play", "declare", "draw", "action")[rng.randrange(4)]
        )
    return " ".join(f)


def _playable(st, rng):
    """A position the parser accepted: it prints back to itself, its legal moves apply, moves
    that are not legal are refused and change nothing, and a few random moves play on."""
    text = position_text(st)
    assert position_text(parse_position(text)) == text
    legal = st.legal_moves()
    assert legal or st.phase == T.PH_OVER, text
    for m in legal:
        st.copy().apply(m)
    for _ in range(8):
        m = rng.randrange(T.NMOVES)
        if m not in legal:
            before = snapshot(st)
            with pytest.raises(IllegalMove):
                st.apply(m)
            assert snapshot(st) == before
    quick_invariants(st)
    for _ in range(12):
        if st.phase == T.PH_OVER:
            break
        st.apply(random_move(st, rng))
        quick_invariants(st)


@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_positions_are_refused_or_playable(seed):
    rng = Rng(seed)
    texts = _positions(12, seed)
    kept = 0
    for _ in range(1500):
        text = texts[rng.randrange(len(texts))]
        for _ in range(1 + rng.randrange(2)):
            text = _mutate(text, rng, texts)
        try:
            st = parse_position(text)
        except IllegalMove:
            continue
        kept += 1
        try:
            _playable(st, rng)
        except Exception as e:
            raise AssertionError("accepted but not playable: %s\n%r" % (text, e)) from e
    assert kept > 100  # the accepted mutations are played on, not only refused
