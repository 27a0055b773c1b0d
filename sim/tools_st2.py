"""Desktop commands for Schotten Totten 2: `python -m sim prove` with "game": 2, and the replay
of st2 records (text, docs/NOTATION.md). Called from sim.tools."""

import sys

from engine.errors import IllegalMove
from engine.st2.cards import NSIEGE, NTILES, kind, name, need
from engine.st2.notation import parse_card
from engine.st2.tactic.prove import beat_tv, score_t

ELITES = ("JOKER", "JOKER", "SPY", "SHIELD")  # ids 60..63 (docs/NOTATION.md)
ACTIONS = ("REDEPLOYMENT", "RECRUITMENT", "DESERTION", "TREASON", "EXPLOSION", "SUPPORT", "EXCHANGE")


def _cards(obj, key, got):
    """The request's list `key` as card ints: siege cards, and the elite troops JOKER (60, the
    second 61), SPY (62), SHIELD (63). `got` holds the tactic names met so far in the request;
    an action card may only be visible elsewhere (it is never on a tile) and is left out."""
    v = obj.get(key, [])
    if not isinstance(v, list):
        raise IllegalMove("%s must be a list of card names" % key)
    out = []
    for x in v:
        up = x.upper() if isinstance(x, str) else x
        if isinstance(up, str) and up.split("=")[0] in ELITES:
            if "=" in up:
                raise IllegalMove(
                    "%r: name an elite troop alone (%s): the proof chooses its value" % (x, up.split("=")[0])
                )
        if up in ELITES or up in ACTIONS:
            if up in ACTIONS and key != "visible_elsewhere":
                raise IllegalMove(
                    "%s is an action card: once played it stays on its player's side of the table, never on a tile"
                    % up
                )
            if got.count(up) >= (2 if up == "JOKER" else 1):
                raise IllegalMove(
                    "duplicate card %s (the tactic deck has %s)" % (up, "two" if up == "JOKER" else "one")
                )
            got.append(up)
            if up in ELITES:
                out.append(60 + got.count("JOKER") - 1 if up == "JOKER" else 60 + ELITES.index(up))
        else:
            out.append(parse_card(x))
    return out


def _named(cards, vals):
    """Elite troops with the values they take, as in a declaration: ["JOKER=B11", ...]."""
    es = [c for c in cards if c >= 60]
    return ["%s=%s" % (ELITES[e - 60], name(v)) for e, v in zip(es, vals)]


def prove_st2(obj):
    """One game-2 request to its answer: can the Attacker ("my" side) declare control of
    `tile` (1..7) on its `damaged` side (true/false) against the Defender's `opp_cards`, with
    `visible_elsewhere` every other visible card (other tiles and the discard pile)? Elite
    troops take their owner's best values (engine.st2.tactic.prove)."""
    tile = obj.get("tile")
    if isinstance(tile, bool) or not isinstance(tile, int) or not 1 <= tile <= NTILES:
        raise IllegalMove('game 2 needs "tile": 1..7')
    dmg = obj.get("damaged", False)
    if dmg is not True and dmg is not False:
        raise IllegalMove("damaged must be true or false")
    t, side = tile - 1, 1 if dmg else 0
    n, kd = need(t, side), kind(t, side)
    got = []
    mine = _cards(obj, "my_cards", got)
    opp = _cards(obj, "opp_cards", got)
    vis = _cards(obj, "visible_elsewhere", got)
    seen = bytearray(72)
    for c in mine + opp + vis:
        if seen[c]:
            raise IllegalMove("duplicate card %s" % name(c))
        seen[c] = 1
    if len(mine) > n or len(opp) > n:
        raise IllegalMove("too many cards: tile %d%s takes %d on each side" % (tile, "d" if dmg else "u", n))
    first = obj.get("me_completed_first")
    if first not in (True, False, None):
        raise IllegalMove("me_completed_first must be true, false or null")
    if len(mine) < n:
        return {"provable": False, "counterexample": None, "error": None}
    target, mv = score_t(mine, n, kd)
    out = {"provable": True, "counterexample": None, "error": None}
    if mv:
        out["my_values"] = _named(mine, mv)
    if len(opp) == n:
        theirs, ov = score_t(opp, n, kd)
        if target == theirs and first is None:
            raise IllegalMove("equal formations: me_completed_first must be true or false")
        if target < theirs or (target == theirs and not first):
            out["provable"] = False
            out["counterexample"] = _named(opp, ov)
        return out
    add = beat_tv(target, opp, len(opp), n, kd, seen)
    if add is not None:
        out["provable"] = False
        out["counterexample"] = [name(c) for c in add[0]] + _named(opp, add[1])
    return out


def board_text(st):
    """A picture of the wall: the Defender's side on top, the Attacker's below."""
    nm = name
    if st.variant:
        from engine.st2.tactic.cards import name as nm  # tactic cards have names too
    rows = []
    for p, label in ((1, "D "), (0, "A ")):
        ks = (3, 2, 1, 0) if p == 1 else (0, 1, 2, 3)
        for k in ks:
            cells = []
            for t in range(NTILES):
                side = st.cards_at(t, p)
                cells.append("%-4s" % (nm(side[k]) if k < len(side) else ("." if k < st.need(t) else "")))
            rows.append("%s %s" % (label if k == ks[0] else "  ", " ".join(cells)))
        if p == 1:
            rows.append("   " + " ".join(["[%d%s]" % (t + 1, "ud"[st.side[t]]) for t in range(NTILES)]))
    disc = " ".join([nm(c) for c in range(NSIEGE + 4 * st.variant) if st.loc[c] == 2])
    rows.append("deck %d  turn %d  damaged %d  cauldrons left %d" % (st.ndeck, st.turn, st.damaged(), st.oil))
    rows.append("discard: " + (disc or "-"))
    if st.variant:
        shown = [
            "%s=%s" % (nm(st.shown[j]), nm(st.shown[j + 1])) for j in range(0, 8, 2) if st.shown[j] != 255
        ]
        if shown:
            rows.append("the last declaration's elite troops: " + " ".join(shown))
        rows.append(
            "tactic deck %d  tactic cards played %d / %d  used: %s"
            % (
                st.ntdeck,
                st.tcount[0],
                st.tcount[1],
                " ".join([nm(c) for c in range(64, 71) if st.loc[c] > 2]) or "-",
            )
        )
    return "\n".join(rows)


def replay_st2(path, text):
    from engine.st2.moves import PH_OVER
    from engine.st2.recordtext import replay_text

    try:
        rec, match, st = replay_text(text)
    except IllegalMove as e:
        print("%s: %s" % (path, e), file=sys.stderr)
        return 1
    for i, r in enumerate(match.results):
        print(
            "game %d: player %d attacks, player %d wins as the %s (deck %d, tiles in good repair + "
            "cauldrons %d)" % (i + 1, (i & 1) + 1, r[0] + 1, "Attacker" if r[1] else "Defender", r[2], r[3])
        )
    print(board_text(st))
    if match.winner() is not None:
        print("result: player %d wins the %s" % (match.winner() + 1, "match" if rec.mode else "game"))
    elif st.phase == PH_OVER:
        print("match not decided after %d games" % len(rec.games))
    else:
        print("game not finished: %s to move" % ("the Attacker" if st.to_move == 0 else "the Defender"))
    return 0
