"""Determinization for every ruleset (desktop only: Expert's look-ahead, tests):

    st = sample(view, rng, pool=None)   # a full State consistent with the view

the unseen cards dealt at random, keeping what the player knows. Each ruleset's own is its
`deal` module (engine.st1.deal, engine.st1.tactic.deal, engine.st2.deal,
engine.st2.tactic.deal), imported by its Expert's look-ahead only: the device's levels (Easy,
Medium, Hard) never sample a deal, so none of this code is in RAM on the board."""


def sample(view, rng, pool=None):
    """A full State of `view`'s ruleset (its GAME and VARIANT) consistent with the view.
    `pool`: an optional scratch bytearray, reused to spare an allocation (the base games)."""
    if getattr(view, "VARIANT", 0):
        if view.GAME == 2:
            from engine.st2.tactic.deal import sample as deal
        else:
            from engine.st1.tactic.deal import sample as deal
    elif view.GAME == 2:
        from engine.st2.deal import sample as deal
    else:
        from engine.st1.deal import sample as deal
    return deal(view, rng, pool)
