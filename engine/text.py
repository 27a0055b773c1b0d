"""Reading numbers written in text, shared by both games' notations (engine.notation,
engine.st2.notation) and text records. No game's modules are imported here."""


def digits(text, most):
    """True if `text` is 1..`most` ASCII digits: str.isdigit() also takes "²", which int()
    then refuses, and int() refuses over 4,300 digits."""
    if not text or len(text) > most:
        return False
    for ch in text:
        if ch < "0" or ch > "9":
            return False
    return True
