"""The parameters of the AI's complete-game tests (test_legal_games in tests/test_ai.py,
test_ai_st1t.py, test_ai_st2.py, test_ai_st2t.py), in chunks that pytest-xdist's two workers
share."""

import pytest

NAMES = ("easy", "medium", "hard", "expert")


def legal_params(rows, timings=None):
    """rows: (level, opponent, seed, games in CI, games in all, games a chunk); with timings
    (the first game: 0 for 2016, 1 for 1999) each row is played under each timing, the counts
    are a timing's and "games in CI" may be a pair (2016, 1999). Games first .. stop - 1 of a
    row are dealt from seed + first .. seed + stop - 1, so each chunk has its own deals. CI's
    games come in chunks of at most `games a chunk`: the first chunk's id is the level's name
    (and the timing's), the next ones add their first game; the rest, up to "games in all", in
    chunks of the same size marked long (make long-test), with "-long-" and their first game.
    Yields pytest params (timing,) la, lb, first, stop, seed."""
    out = []
    for la, lb, seed, ci, n, step in rows:
        for timing in timings or (None,):
            name = NAMES[la]
            c = ci
            head = ()
            if timing is not None:
                name += ("-2016", "-1999")[timing]
                head = (timing,)
                if isinstance(ci, tuple):
                    c = ci[timing]
            for k in range(0, c, step):
                args = head + (la, lb, k, min(c, k + step), seed)
                out.append(pytest.param(*args, id=name if k == 0 else "%s-%d" % (name, k)))
            for k in range(c, n, step):
                args = head + (la, lb, k, min(n, k + step), seed)
                out.append(pytest.param(*args, id="%s-long-%d" % (name, k), marks=pytest.mark.long))
    return out


def st2_games(la, lb, first, stop, seed, variant, check):
    """The second game's complete games first .. stop - 1 (variant 1: its tactic variant):
    game i dealt from seed + i, roles alternated (level la attacks in even games); each must
    end with a winner and its last state pass `check` (the ruleset's invariants)."""
    from engine.ai.bench import play2
    from engine.st2 import game

    for i in range(first, stop):
        st, _ = play2(seed + i, la, lb, i & 1, [[], []], variant)
        assert game.is_over(st) and st.winner in (0, 1)
        check(st)
