"""The one exception type for every rejected action or input."""


class IllegalMove(ValueError):
    """Raised for an illegal action or malformed input; the state is left unchanged."""
