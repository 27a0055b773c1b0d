"""A match of several rounds, scored as the rulebooks say.

"If you want to play over several rounds, the winner gains 5 victory points and his opponent
gains as many victory points as Stones he controls." (2016) The first round's starter is
chosen; after that "the winner of the previous game will begin the new one" (1999).
"""

from engine import st1
from engine.cards import NONE
from engine.errors import IllegalMove


class Match:
    """Rounds, scores and who starts next; `new_round(seed)` gives each round's State."""

    def __init__(self, rounds=1, timing=st1.T2016, first=0, variant=0):
        if rounds < 1 or rounds > 99:
            raise IllegalMove("a match has 1 to 99 rounds")
        self.rounds = rounds
        self.timing = timing
        self.variant = variant  # 1: rounds of the tactic variant
        self.next_first = first
        self.scores = [0, 0]
        self.played = 0

    def new_round(self, seed):
        if self.over():
            raise IllegalMove("the match is over")
        from engine.st1.game import new_state, options  # IllegalMove for a variant it lacks

        return new_state(options(self.variant, self.timing, self.next_first), seed)

    def finish_round(self, st):
        """Score a finished round: 5 to the winner, one per claimed stone to the loser."""
        if st.winner == NONE:
            raise IllegalMove("the round is not finished")
        if self.over():
            raise IllegalMove("the match is over")
        w = st.winner
        self.scores[w] += 5
        self.scores[w ^ 1] += st.stones_of(w ^ 1)
        self.played += 1
        self.next_first = w

    def over(self):
        return self.played >= self.rounds

    def winner(self):
        """0 or 1 once the match is over, -1 for a drawn match (equal points), None before."""
        if not self.over():
            return None
        a, b = self.scores
        return 0 if a > b else 1 if b > a else -1
