"""How hard each level of the first game's AI thinks (engine.ai re-exports both names; the
other games' packages make their own Budgets). Its own module so that engine.ai's compile on
the device spells fewer names (docs/BENCHMARKS.md, Memory)."""


class Budget:
    """How hard to think: full (holding value), look-ahead plays x deals, units cap."""

    def __init__(
        self,
        full,
        cands,
        samples,
        units,
        hand=600,
        late=900,
        plies=1,
        end=-1,
        ecands=0,
        prior=0,
        infer=0,
        prep=1,
    ):
        self.prep = prep  # the second game: weigh the preparation actions (retreat, cauldron)
        self.infer = infer  # deals drawn per deal used, to find one where the opponent's last play fits
        self.prior = prior
        self.plies = plies  # opponent turns looked at (each but the last followed by ours)
        self.end = end  # deck size at or below which deals are played out to the end
        self.ecands = ecands  # plays tried then
        self.hand = hand
        self.late = late
        self.full = full
        self.cands = cands
        self.samples = samples
        self.units = units


# Work units are stone evaluations (see engine.ai.st1.judge); these caps are never the binding
# limit for the deal counts below, so the levels are fixed by cands x samples.
BUDGETS = (
    None,  # Easy: no search
    Budget(False, 0, 0, 0),
    Budget(True, 0, 0, 0),
    # One budget per claim timing. 2016: Hard's best 4 plays in 8 deals; with the deck
    # empty, the best 8 played out to the end. 1999: the same 4 x 8, but deals are kept only
    # if the opponent's last play fits them (up to 4 drawn per deal), and from 6 cards left
    # in the deck the best 4 plays are played out to the end (docs/AI.md, Tuning).
    (Budget(True, 4, 8, 0, end=0, ecands=8), Budget(True, 4, 8, 0, end=6, ecands=4, infer=4)),
)
