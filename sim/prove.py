"""`python -m sim prove`: claim proofs as JSON lines (docs/NOTATION.md), for both games: a
game-1 request (Schotten Totten, its tactic cards by name) or one with "game": 2 (Schotten
Totten 2, its elite troops by name), one answer line per request line."""

import json

from engine.cards import NCARDS, name, parse
from engine.errors import IllegalMove
from engine.st1.tactic.prove import JOKER, beat_t, score_t

FIELDS = ("game", "my_cards", "opp_cards", "visible_elsewhere", "me_completed_first")
FIELDS_ST1 = FIELDS + ("mud", "blind")
FIELDS_ST2 = FIELDS + ("tile", "damaged")
# The tactic cards by name (ids 54..63, the two Jokers first); elites are 54..57.
TACTICS = ("JOKER", "JOKER", "SPY", "SHIELD", "BLIND", "MUD", "RECRUITER", "STRATEGIST", "BANSHEE", "TRAITOR")
ONE_JOKER = "each player can only have one Joker on his side of the border"
MAX_LINE = 1 << 16  # bytes of one request line: a longer one is answered with an error, unread


def check_fields(obj):
    """The request's game (1 or 2); IllegalMove for a missing or unknown field."""
    if not isinstance(obj, dict):
        raise IllegalMove("each line must be a JSON object")
    game = obj.get("game", 1)
    if type(game) is not int or game not in (1, 2):
        raise IllegalMove("only game 1 (Schotten Totten) and game 2 (Schotten Totten 2) exist")
    known = FIELDS_ST1 if game == 1 else FIELDS_ST2
    for k in obj:
        if k not in known:
            raise IllegalMove(
                "unknown field %s (game %d takes: %s)" % (json.dumps(k), game, ", ".join(known))
            )
    for k in ("my_cards",) if game == 1 else ("my_cards", "tile"):
        if k not in obj:
            raise IllegalMove("missing field %s" % k)
    first = obj.get("me_completed_first")
    if first is not None and first is not True and first is not False:
        raise IllegalMove("me_completed_first must be true, false or null")
    for k in ("mud", "blind"):
        if type(obj.get(k, False)) is not bool:
            raise IllegalMove("%s must be true or false" % k)
    return game


def _st1_cards(obj, key, used):
    """A game-1 card list: clan names and tactic names (docs/NOTATION.md) to ids. `used`
    counts the tactic cards met so far (bytearray of 10): each exists once, the Joker twice."""
    v = obj.get(key, [])
    if not isinstance(v, list):
        raise IllegalMove("%s must be a list of card names" % key)
    out = []
    for x in v:
        t = TACTICS.index(x.upper()) if isinstance(x, str) and x.upper() in TACTICS else -1
        if t < 0:
            out.append(parse(x))
            continue
        if t >= 4 and key != "visible_elsewhere":
            why = 'a combat mode: give the stone\'s modes as "mud"/"blind"' if t < 6 else "a ruse"
            raise IllegalMove("%s is %s, not a card at a side of a stone" % (TACTICS[t], why))
        if t == 0 and used[0]:
            t = 1  # the second Joker
        if used[t]:
            raise IllegalMove("duplicate card %s%s" % (TACTICS[t], " (there are two)" if t == 1 else ""))
        used[t] = 1
        out.append(54 + t)
    if key != "visible_elsewhere" and (JOKER in out) + (JOKER + 1 in out) > 1:
        raise IllegalMove("two Jokers in %s: %s (2016 rulebook)" % (key, ONE_JOKER))
    return out


def _elite_names(cards, vals):
    """The elite troops among cards with the values they take: ["JOKER=B9"]."""
    out = []
    for c in cards:
        if c >= NCARDS:
            out.append(TACTICS[c - NCARDS] + "=" + name(vals[len(out)]))
    return out


def prove_one(obj):
    """One `python -m sim prove` request (a dict) to its answer (a dict)."""
    if check_fields(obj) == 2:
        return prove_st2(obj)
    used = bytearray(len(TACTICS))
    mine = _st1_cards(obj, "my_cards", used)
    opp = _st1_cards(obj, "opp_cards", used)
    vis = _st1_cards(obj, "visible_elsewhere", used)
    mud, blind = obj.get("mud", False), obj.get("blind", False)
    if (mud and used[5]) or (blind and used[4]):
        raise IllegalMove("duplicate card %s: it is this stone's" % ("MUD" if mud and used[5] else "BLIND"))
    seen = bytearray(NCARDS)
    for c in mine + opp + vis:
        if c < NCARDS:
            if seen[c]:
                raise IllegalMove("duplicate card %s" % name(c))
            seen[c] = 1
    n = 4 if mud else 3
    if len(mine) > n or len(opp) > n:
        raise IllegalMove(
            "too many cards: at most %d on each side of a stone%s" % (n, " (Mud Fight)" if mud else "")
        )
    first = obj.get("me_completed_first")
    if len(mine) < n:
        return {"provable": False, "counterexample": None, "error": None}
    target, vals = score_t(mine, n, blind)
    out = {"provable": False, "counterexample": None, "error": None}
    if vals:
        out["my_values"] = _elite_names(mine, vals)
    if len(opp) == n:
        theirs, tvals = score_t(opp, n, blind)
        if target == theirs and first is None:
            raise IllegalMove("equal formations: me_completed_first must be true or false")
        ok = target > theirs or (target == theirs and first)
        out["provable"] = bool(ok)
        out["counterexample"] = None if ok else _elite_names(opp, tvals)
        return out
    unseen = bytearray(NCARDS)
    for c in range(NCARDS):
        unseen[c] = 0 if seen[c] else 1
    add = beat_t(target, opp, len(opp), n, unseen, blind)
    if add is None:
        out["provable"] = True
        return out
    full = opp + add
    out["counterexample"] = _elite_names(opp, score_t(full, n, blind)[1]) + [name(c) for c in add]
    return out


# ---- game 2

ELITES = ("JOKER", "JOKER", "SPY", "SHIELD")  # ids 60..63 (docs/NOTATION.md)
ACTIONS = ("REDEPLOYMENT", "RECRUITMENT", "DESERTION", "TREASON", "EXPLOSION", "SUPPORT", "EXCHANGE")


def _st2_cards(obj, key, got):
    """The request's list `key` as card ints: siege cards, and the elite troops JOKER (60, the
    second 61), SPY (62), SHIELD (63). `got` holds the tactic names met so far in the request;
    an action card may only be visible elsewhere (it is never on a tile) and is left out."""
    from engine.st2.notation import parse_card

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
    from engine.st2.cards import name

    es = [c for c in cards if c >= 60]
    return ["%s=%s" % (ELITES[e - 60], name(v)) for e, v in zip(es, vals)]


def prove_st2(obj):
    """One game-2 request to its answer: can the Attacker ("my" side) declare control of
    `tile` (1..7) on its `damaged` side (true/false) against the Defender's `opp_cards`, with
    `visible_elsewhere` every other visible card (other tiles and the discard pile)? Elite
    troops take their owner's best values (engine.st2.tactic.prove)."""
    from engine.st2.cards import NTILES, kind, name, need
    from engine.st2.tactic.prove import beat_tv, score_t

    tile = obj.get("tile")
    if isinstance(tile, bool) or not isinstance(tile, int) or not 1 <= tile <= NTILES:
        raise IllegalMove('game 2 needs "tile": 1..7')
    dmg = obj.get("damaged", False)
    if dmg is not True and dmg is not False:
        raise IllegalMove("damaged must be true or false")
    t, side = tile - 1, 1 if dmg else 0
    n, kd = need(t, side), kind(t, side)
    got = []
    mine = _st2_cards(obj, "my_cards", got)
    opp = _st2_cards(obj, "opp_cards", got)
    vis = _st2_cards(obj, "visible_elsewhere", got)
    seen = bytearray(72)
    for c in mine + opp + vis:
        if seen[c]:
            raise IllegalMove("duplicate card %s" % name(c))
        seen[c] = 1
    if len(mine) > n or len(opp) > n:
        raise IllegalMove("too many cards: tile %d%s takes %d on each side" % (tile, "d" if dmg else "u", n))
    first = obj.get("me_completed_first")  # checked by check_fields
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


# ---- the request lines


def _lines(stream):
    """The stream's lines as bytes (or str for a text stream); None for a line over MAX_LINE
    bytes, whose rest is skipped unread into memory."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and line[-1:] not in (b"\n", "\n"):
            while True:
                more = stream.readline(MAX_LINE)
                if not more or more[-1:] in (b"\n", "\n"):
                    break
            yield None
        else:
            yield line


def answer(line):
    """The answer (a dict) to one request line: bytes, str, or None for an overlong line."""
    if line is None:
        return _error("line longer than %d bytes" % MAX_LINE)
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as e:
            return _error("not UTF-8 text (byte %d)" % (e.start + 1))
    if not line.strip():
        return _error("empty line: one JSON object a line")
    try:
        obj = json.loads(line)
    except RecursionError:
        return _error("malformed JSON: nested too deeply")
    except ValueError as e:  # json.JSONDecodeError
        return _error("malformed JSON: %s" % e)
    try:
        return prove_one(obj)
    except IllegalMove as e:
        return _error(str(e))
    except RecursionError:
        return _error("request nested too deeply")


def _error(why):
    if len(why) > 300:  # a 60 KB "card" is named by its start
        why = why[:300] + "..."
    return {"provable": False, "counterexample": None, "error": why}


def prove(stdin, stdout):
    """Answer JSON-line requests (docs/NOTATION.md): exactly one answer line per input line."""
    for line in _lines(stdin):
        stdout.write(json.dumps(answer(line)) + "\n")
        stdout.flush()
