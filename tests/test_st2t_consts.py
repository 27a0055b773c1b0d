"""Schotten Totten 2: the device modules copy the move space's numbers and the card ids as
private consts (`_PH_DRAW = const(3)`: a const with a leading underscore costs no global on
the board). Each copy must be the number engine.st2.moves, engine.st2.cards or
engine.st2.tactic.cards defines under the same name (the underscore dropped): a drift test."""

import os
import re

from engine.st2 import cards, moves
from engine.st2.tactic import cards as tcards

ST2 = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine", "st2")
CONST = re.compile(r"^(_[A-Z][A-Z0-9_]*) = const\((\d+)\)", re.M)
# Copies named differently from their source (game.py and tactic/prove.py: the tactic cards' ranges).
ALIASES = {"TACTIONS": "ACTIONS", "TEND": "END", "ELITE_END": "ACTIONS"}


def _public():
    out = {}
    for mod in (moves, cards, tcards):
        for k in dir(mod):
            v = getattr(mod, k)
            if k.isupper() and type(v) is int:
                assert out.get(k, v) == v, "%s differs between the public modules" % k
                out[k] = v
    return out


def _private():
    """(module, name, value) of every private const of engine/st2 and engine/st2/tactic (the
    variant's modules named tactic/NAME.py)."""
    out = []
    for d, pre in ((ST2, ""), (os.path.join(ST2, "tactic"), "tactic/")):
        for f in sorted(os.listdir(d)):
            if not f.endswith(".py"):
                continue
            with open(os.path.join(d, f)) as fh:
                for name, value in CONST.findall(fh.read()):
                    out.append((pre + f, name, int(value)))
    return out


def drift(private, public):
    """The private consts that are not the public number of their name."""
    bad = []
    for f, name, value in private:
        key = ALIASES.get(name[1:], name[1:])
        if public.get(key) != value:
            bad.append("%s: %s = %d, but %s is %r" % (f, name, value, key, public.get(key)))
    return bad


def test_every_private_copy_is_the_public_number():
    private = _private()
    mods = {f for f, _, _ in private}
    assert (
        len(private) > 80
        and {"tactic/legal.py", "tactic/state.py", "tactic/steps.py", "tactic/choice.py", "tactic/play.py"}
        <= mods
    )
    assert drift(private, _public()) == []


def test_the_drift_test_finds_a_wrong_copy_and_an_unknown_name():
    public = _public()
    assert drift([("x.py", "_PH_DRAW", 4)], public) == ["x.py: _PH_DRAW = 4, but PH_DRAW is 3"]
    assert drift([("x.py", "_SUPPORT", 69), ("x.py", "_TEND", 71)], public) == []
    assert drift([("x.py", "_NOWHERE", 1)], public) == ["x.py: _NOWHERE = 1, but NOWHERE is None"]
