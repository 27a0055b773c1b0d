"""Reading numbers written in text, shared by both games' notations (engine.notation,
engine.st2.notation) and text records. No game's modules are imported here."""

from engine.errors import IllegalMove


def digits(text, most):
    """True if `text` is 1..`most` ASCII digits: str.isdigit() also takes "²", which int()
    then refuses, and int() refuses over 4,300 digits."""
    if not text or len(text) > most:
        return False
    for ch in text:
        if ch < "0" or ch > "9":
            return False
    return True


def int_field(f, prefix, lo, hi, most=9):
    """The number of a text field `prefix<digits>` (at most `most` digits) within lo..hi;
    IllegalMove otherwise. int_field("t12", "t", 0, 99) == 12."""
    if not f.startswith(prefix) or not digits(f[len(prefix) :], most):
        raise IllegalMove("expected %s<number>, got %r" % (prefix, f))
    v = int(f[len(prefix) :])
    if v < lo or v > hi:
        raise IllegalMove("%r out of range %d-%d" % (f, lo, hi))
    return v


def text_of(text, what):
    """`text` if it is a str; IllegalMove naming `what` ("move", "position") otherwise (None,
    a number or bytes from a caller would fail later with an AttributeError or TypeError)."""
    if not isinstance(text, str):
        raise IllegalMove("malformed %s %r: not text" % (what, text))
    return text
