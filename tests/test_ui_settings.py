"""Choosing what to play (issue 17 item 1), by keys on the headless simulator: the Game row
(game and variant), the second game's Role and Match rows in place of the first game's Rules
and Rounds, the choices remembered across power-off, every ruleset started from the title,
and `python -m sim --headless --game/--variant/--role`."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.platform import SimPlatform  # noqa: E402
from ui import app as A  # noqa: E402
from ui import pages as P  # noqa: E402

S_GAME = P.S_CLEAR + 1  # the Game row
from ui.platform import K_A, K_B, K_DOWN, K_RIGHT, K_UP  # noqa: E402


def first_legal_chooser(settings):
    return lambda view, rng, seat, tick: view.legal_moves()[0]


def press(app, *keys):
    for k in keys:
        app.key(k)


def to_row(menu, app, row):
    for _ in range(12):
        if menu.index == row:
            return
        press(app, K_DOWN)
    pytest.fail("the marker never reached row %d" % row)


def open_settings(app):
    to_row(app.pages.title_menu, app, P.T_SETTINGS)
    press(app, K_A)
    assert app.mode == A.SETTINGS


def test_the_game_row_switches_the_rows_and_the_choice_survives_power_off(tmp_path):
    path = str(tmp_path / "save.bin")
    p = SimPlatform(path, headless=True, step_ms=20)
    app = A.App(p, seed=3, chooser_for=first_legal_chooser)
    open_settings(app)
    m = app.pages.settings_menu
    assert m.items[0][0] == "Rules" and m.value(P.S_RULES) == "2016"
    to_row(m, app, S_GAME)
    press(app, K_RIGHT, K_RIGHT)  # Schotten Totten, ST tactic, Schotten Totten 2
    assert m.value(S_GAME) == "Schotten Totten 2"
    # the second game's rows in place of Rules and Rounds, "Starts" greyed (the Attacker does)
    assert m.items[P.S_RULES][0] == "Role" and m.items[P.S_ROUNDS][0] == "Match" and m.grey[P.S_FIRST]
    press(app, K_UP)  # Game -> Clear data -> ... up to the Role row, skipping the greyed row
    to_row(m, app, P.S_RULES)
    press(app, K_RIGHT)  # Defender
    to_row(m, app, P.S_ROUNDS)
    press(app, K_RIGHT)  # Revenge
    to_row(m, app, P.S_OPP)
    rows = set()
    for _ in range(10):  # the greyed "Starts" row is never stopped on
        press(app, K_DOWN)
        rows.add(m.index)
    assert P.S_FIRST not in rows
    press(app, K_B)
    s = app.settings
    assert (s.game, s.variant, s.role, s.kind) == (2, 0, 1, 1)
    assert app.pages.head == ("SCHOTTEN TOTTEN 2", "You defend, revenge")
    p.close()
    p2 = SimPlatform(path, headless=True, step_ms=20)  # power off and on
    app2 = A.App(p2, seed=4, chooser_for=first_legal_chooser)
    s = app2.settings
    assert (s.game, s.variant, s.role, s.kind) == (2, 0, 1, 1)
    to_row(app2.pages.title_menu, app2, P.T_NEW)
    press(app2, K_A)
    ses = app2.session
    assert ses is not None and ses.g.NAME == "st2" and ses.me == 1  # the Defender's seat
    assert ses.match.mode == 1  # the revenge match
    # back to the first game: its rows and values come back as they were
    press(app2, 2)  # Start: pause
    to_row(app2.pages.pause_menu, app2, P.P_QUIT)
    press(app2, K_A)
    open_settings(app2)
    m = app2.pages.settings_menu
    to_row(m, app2, S_GAME)
    press(app2, K_RIGHT, K_RIGHT)  # ST2 tactic, then Schotten Totten (wrapping)
    assert m.items[0][0] == "Rules" and m.value(P.S_RULES) == "2016" and not m.grey[P.S_FIRST]
    assert app2.pages.settings_note.text == "This ends the current game"
    p2.close()


def test_every_ruleset_of_the_game_row_starts_a_game_by_keys(tmp_path):
    """Both games, both variants: the Game row's four values each start a game of that
    ruleset from the title's New game, against the AI (every ruleset has screens and an AI)."""
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    app = A.App(p, seed=3, chooser_for=first_legal_chooser)
    seen = []
    for i in range(4):
        open_settings(app)
        to_row(app.pages.settings_menu, app, S_GAME)
        press(app, K_RIGHT)  # the next ruleset (wrapping after the second game's tactic variant)
        # (the game quit to the title before is one to Continue: another ruleset ends it)
        want = "This ends the current game" if i else "A < >: change   B: back"
        assert app.pages.settings_note.text == want
        press(app, K_B)
        assert app.pages.title_note.text == "A: choose"
        to_row(app.pages.title_menu, app, P.T_NEW)
        press(app, K_A)
        ses = app.session
        assert ses is not None and app.mode == A.BOARD and ses.state.to_move in (0, 1)
        assert ses.humans in ((True, False), (False, True))  # against the AI
        seen.append((ses.g.NAME, ses.state.VARIANT if hasattr(ses.state, "VARIANT") else 0))
        press(app, 2)  # Start: pause, then quit to the title
        to_row(app.pages.pause_menu, app, P.P_QUIT)
        press(app, K_A)
    assert sorted(seen) == [("st1", 0), ("st1", 1), ("st2", 0), ("st2", 1)]
    p.close()


def test_the_command_line_presets_the_settings_and_the_menus_still_show(tmp_path):
    from sim.run import headless, main

    got = []
    app = headless(
        ["A"], "", 5, str(tmp_path / "s.bin"), out=got.append, settings=("st2", "base", "defender")
    )
    s = app.settings
    assert (s.game, s.variant, s.role) == (2, 0, 1)
    ses = app.session  # "A" on the title started the game the settings preset
    assert ses.g.NAME == "st2" and ses.me == 1 and app.mode == A.BOARD
    assert "your hand:" in got[0] and "to move" in got[0] and "[1u]" in got[0]  # the wall's text
    app = headless([], "", 5, str(tmp_path / "t.bin"), out=got.append, settings=("st1", "tactic", None))
    assert (app.settings.game, app.settings.variant) == (1, 1) and app.mode == A.TITLE
    assert app.pages.title_note.text == "A: choose"
    with pytest.raises(SystemExit):
        main(["--headless", "--game", "st3"])
