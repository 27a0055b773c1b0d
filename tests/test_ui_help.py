"""The rules help pages of every ruleset (issue 17 item 3: "rules help pages for both games and
both variants"), reached from the title by keys with the settings' Game row preset as
`python -m sim --game ... --variant ...` does: the base game's pages, then the variant's."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine.st1.tactic.state import TState  # noqa: E402, F401 - the first game's tactic names below
from engine.st2.tactic import cards as tcards  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from sim.run import preset  # noqa: E402
from ui import app as A  # noqa: E402
from ui import pages as P  # noqa: E402
from ui.platform import K_A, K_B, K_RIGHT  # noqa: E402
from ui.st1 import tactic as tact  # noqa: E402

ST1_TACTIC = set(tact.NAMES)  # JOKER SPY SHIELD BLIND MUD RECRUITER STRATEGIST BANSHEE TRAITOR
ST2_TACTIC = set(tcards.NAMES) - {"JOKER2"}  # the second Joker is "JOKER (2)" on the page


@pytest.fixture
def plat(tmp_path):
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    yield p
    p.close()


def pages_from_title(app, game, variant):
    """Preset the ruleset, then How to play by keys; every page by Right; B back."""
    preset(app, game, variant, None)
    app.pages.title_menu.select(P.T_HELP)
    app.key(K_A)
    assert app.mode == A.TEXT
    n = int(app.pages.footer.split("/")[1].split()[0])
    out = []
    for i in range(n):
        assert app.pages.footer.startswith("<  page %d/%d" % (i + 1, n))
        out.append(list(app.pages.text_lines))
        app.key(K_RIGHT)
    assert app.pages.footer.startswith("<  page 1/")  # turned round
    app.key(K_B)
    assert app.mode == A.TITLE
    return out


@pytest.mark.parametrize(
    "game, variant, heads, names",
    [
        ("st1", "base", ("SCHOTTEN TOTTEN",), set()),
        ("st1", "tactic", ("SCHOTTEN TOTTEN", "TACTIC VARIANT"), ST1_TACTIC),
        ("st2", "base", ("SCHOTTEN TOTTEN 2",), set()),
        ("st2", "tactic", ("SCHOTTEN TOTTEN 2", "TACTICAL VARIANT"), ST2_TACTIC),
    ],
)
def test_every_ruleset_has_its_help_pages(plat, game, variant, heads, names):
    """Each page fits the text page (9 lines of 26 characters); a tactic variant's pages come
    after the base game's and name every tactic card of that game ("Each Tactic card has a
    special ability"), and say the one-more-tactic rule ("You can only play one Tactic card
    more than your opponent"); a base game shows none of them."""
    app = A.App(plat, seed=1)
    pages = pages_from_title(app, game, variant)
    firsts = [p[0] for p in pages]
    for h in heads:
        assert h in firsts
    if len(heads) == 2:
        k = firsts.index(heads[1])
        assert k > firsts.index(heads[0]) and k == len(pages) - 5  # five pages each
    for p in pages:
        assert len(p) <= P.ROWS and all(len(line) <= 26 for line in p), p
    text = "\n".join("\n".join(p) for p in pages).upper()
    for name in names:
        assert name in text, name
    if names:
        assert "ONE TACTIC CARD" in text.replace("\n", " ") or "MORE THAN ONE" in text
    else:
        assert "TACTIC" not in text
