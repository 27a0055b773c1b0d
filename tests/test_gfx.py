"""Sprite sheets, card tiles, the menu and how much a cursor move redraws (headless)."""

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pytest  # noqa: E402

from sim import make_assets  # noqa: E402
from sim import platform as simp  # noqa: E402
from ui import gfx, widgets  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START, K_UP  # noqa: E402

FRAME = 160 * 128


@pytest.fixture
def sim(tmp_path):
    """A headless platform showing the table colour."""
    p = simp.SimPlatform(save_path=str(tmp_path / "save.bin"))
    p.root.append(gfx.Box(0, 0, 160, 128, gfx.PALETTE[gfx.C_TABLE]).grid)
    p.refresh()
    yield p
    p.close()


def grey_block(sim, x, y, w, h):
    """Greyscale values of a screen block, as a colour-blind player or a grey print sees it."""
    out = []
    for j in range(y, y + h):
        for i in range(x, x + w):
            r, g, b = sim.pixel(i, j)
            out.append((299 * r + 587 * g + 114 * b) // 1000)
    return out


def test_committed_sheets_are_what_make_assets_draws():
    assert make_assets.build(check=True) == []


def test_sheets_open_on_disk_with_the_documented_layout():
    for size in (gfx.SMALL, gfx.LARGE):
        bmp = gfx.sheet(size)
        assert bmp.width == gfx.SHEET_COLS * gfx.TILE_W[size]
        assert bmp.height == gfx.SHEET_ROWS[size] * gfx.TILE_H[size]
    assert gfx.T_BACK == gfx.ROW_MISC * gfx.SHEET_COLS
    assert gfx.SHEET_COLS * gfx.SHEET_ROWS[gfx.LARGE] > gfx.T_UNKNOWN


def test_card_numbering_maps_to_tiles():
    assert gfx.st1_tile(0) == gfx.clan_tile(0, 1) == 1  # R1
    assert gfx.st1_tile(33) == gfx.clan_tile(3, 7)  # G7
    assert gfx.st1_tile(53) == 5 * 12 + 9  # P9
    assert gfx.st1_tile(gfx.NONE) == gfx.T_BLANK
    assert gfx.st1_tile(gfx.HIDDEN) == gfx.T_BACK
    assert gfx.st1_tile(54) == gfx.T_UNKNOWN
    assert gfx.tactic_tile("JOKER") == 72 and gfx.tactic_tile("EXCHANGE") == 87
    assert len(gfx.TACTICS) <= 2 * gfx.SHEET_COLS


@pytest.mark.parametrize("size", [gfx.SMALL, gfx.LARGE])
def test_the_six_colours_differ_in_greyscale(sim, size):
    """Same strength, six colours: the symbols alone must tell them apart without colour."""
    for strength in (1, 5, 9):
        row = gfx.Cards(size, 6, 1, x=0, y=0)
        sim.root.append(row.grid)
        row.show([c * 9 + strength - 1 for c in range(6)])
        sim.refresh()
        w, h = gfx.TILE_W[size], gfx.TILE_H[size]
        blocks = [grey_block(sim, c * w, 0, w, h) for c in range(6)]
        for a in range(6):
            for b in range(a + 1, 6):
                differ = sum(abs(p - q) > 40 for p, q in zip(blocks[a], blocks[b], strict=True))
                assert differ >= 8, (gfx.COLOURS[a], gfx.COLOURS[b], strength, differ)
        sim.root.remove(row.grid)


def test_strengths_differ_and_the_digit_is_drawn(sim):
    row = gfx.Cards(gfx.SMALL, 9, 1)
    sim.root.append(row.grid)
    row.show(list(range(9)))  # R1..R9
    sim.refresh()
    blocks = [grey_block(sim, i * 17, 0, 17, 11) for i in range(9)]
    assert len({tuple(b) for b in blocks}) == 9


def test_setting_the_same_card_redraws_nothing(sim):
    cards = gfx.Cards(gfx.SMALL, 9, 3, x=3, y=0)
    sim.root.append(cards.grid)
    cards.show(range(27))
    sim.refresh()
    cards.show(range(27))
    sim.refresh()
    assert sim.last_refresh_pixels == 0
    cards.set(4, 40)
    sim.refresh()
    assert sim.last_refresh_areas == [(3 + 4 * 17, 0, 3 + 5 * 17, 11)]


def test_cursor_moves_redraw_under_ten_percent(sim):
    board = gfx.Cards(gfx.SMALL, 9, 7, x=3, y=0)
    hand = gfx.Cards(gfx.LARGE, 7, 1, x=3, y=82)
    cursor = gfx.Sprite(gfx.SMALL, gfx.T_CURSOR, x=3, y=44)
    hand_cursor = gfx.Sprite(gfx.LARGE, gfx.T_CURSOR, x=3, y=82)
    for g in (board.grid, hand.grid, cursor.grid, hand_cursor.grid):
        sim.root.append(g)
    board.show([i % 54 for i in range(63)])
    hand.show([1, 12, 23, 34, 45, 50, gfx.HIDDEN])
    sim.refresh()
    worst = 0
    for col in range(1, 9):
        cursor.move(3 + col * 17, 44)
        sim.refresh()
        worst = max(worst, sim.last_refresh_pixels)
    cursor.move(3 + 8 * 17, 44)
    sim.refresh()
    assert sim.last_refresh_pixels == 0
    for i in range(1, 7):
        hand_cursor.move(3 + i * 22, 82)
        sim.refresh()
        worst = max(worst, sim.last_refresh_pixels)
    assert worst <= FRAME // 10
    assert sim.rgb() == sim.render_full()


def test_sheets_in_ram_draw_the_same_as_on_disk(sim):
    disk = gfx.Cards(gfx.SMALL, 9, 2)
    disk.show(range(0, 54, 3))
    sim.root.append(disk.grid)
    sim.refresh()
    before = sim.rgb()
    ram = gfx.read_bmp(gfx.ASSET_DIR + gfx.SHEET_FILES[gfx.SMALL])
    disk.grid.bitmap = ram
    sim.refresh()
    assert sim.rgb() == before


def test_box_and_text(sim):
    box = gfx.Box(20, 30, 40, 10, 0x0000FF)
    text = gfx.Text(80, 100, "Hi", 0xFFFFFF, gfx.CENTER)
    sim.root.append(box.grid)
    sim.root.append(text.label)
    sim.refresh()
    assert sim.pixel(20, 30) == sim.pixel(59, 39) == (0, 0, 255)
    assert sim.pixel(60, 39) != (0, 0, 255)
    lit = [x for x in range(160) for y in range(100, 112) if sim.pixel(x, y) == (255, 255, 255)]
    assert lit and min(lit) >= 74 and max(lit) <= 86  # "Hi" is 12 px, centred on 80
    box.set_color(0xFF0000)
    text.set("Hi")
    sim.refresh()
    assert sim.last_refresh_areas == [(20, 30, 60, 40)]


def test_label_pool_hands_out_and_takes_back(sim):
    pool = gfx.LabelPool(3)
    sim.root.append(pool.group)
    a = pool.take(2, 2, "one")
    pool.take(2, 20, "two", 0xFFC000, gfx.RIGHT)
    assert a.text == "one" and pool.used == 2
    sim.refresh()
    assert any(sim.pixel(x, y) == (255, 255, 255) for x in range(2, 20) for y in range(2, 14))
    pool.reset()
    sim.refresh()
    assert pool.used == 0
    assert sim.rgb() == sim.render_full()
    assert not any(sim.pixel(x, y) == (255, 255, 255) for x in range(2, 20) for y in range(2, 14))
    pool.take(2, 2, "x")
    pool.take(2, 2, "y")
    pool.take(2, 2, "z")
    with pytest.raises(IndexError):
        pool.take(2, 2, "overflow")


OPTIONS = (
    ("Rules", ("2016", "1999")),
    ("Opponent", ("Easy", "Medium", "Hard", "Pass-and-play", "Demo")),
    ("Rounds", ("1", "2", "3", "4", "5", "6", "7")),
    ("Claims", ("auto", "manual")),
    ("Sound", ("on", "off")),
    ("Start game", None),
)


def test_menu_cursor_and_values(sim):
    menu = widgets.Menu(OPTIONS)
    sim.root.append(menu.group)
    sim.refresh()
    assert menu.key(K_UP) == widgets.MOVED and menu.index == 5  # wraps to the last row
    assert menu.key(K_A) == 5  # an action
    assert menu.key(K_LEFT) == widgets.NOTHING
    assert menu.key(K_DOWN) == widgets.MOVED and menu.index == 0
    assert menu.key(K_DOWN) == widgets.MOVED and menu.index == 1
    assert menu.key(K_LEFT) == widgets.CHANGED and menu.value(1) == "Demo"
    assert menu.key(K_RIGHT) == widgets.CHANGED and menu.value(1) == "Easy"
    assert menu.key(K_A) == widgets.CHANGED and menu.value(1) == "Medium"
    assert menu.choice(1) == 1 and menu.values[1].text == "Medium"
    assert menu.key(K_B) == widgets.BACK and menu.key(K_START) == widgets.START
    menu.set_choice(2, 6)
    assert menu.value(2) == "7"
    sim.refresh()
    assert sim.rgb() == sim.render_full()


def test_menu_moves_and_changes_redraw_little(sim):
    menu = widgets.Menu(OPTIONS)
    sim.root.append(menu.group)
    sim.refresh()
    for k in (K_DOWN, K_DOWN, K_UP, K_RIGHT, K_LEFT):
        menu.key(k)
        sim.refresh()
        assert 0 < sim.last_refresh_pixels <= FRAME // 10, k


def test_a_board_scene_fits_the_ram_budget(sim):
    board = gfx.Cards(gfx.SMALL, 9, 7, x=3, y=0)
    hand = gfx.Cards(gfx.LARGE, 7, 1, x=3, y=82)
    cursor = gfx.Sprite(gfx.SMALL, gfx.T_CURSOR)
    menu = widgets.Menu(OPTIONS)
    pool = gfx.LabelPool(4)
    for g in (board.grid, hand.grid, cursor.grid, menu.group, pool.group):
        sim.root.append(g)
    pool.take(0, 116, "Your turn: play a card")
    used = simp.ram_estimate(sim.root)
    assert used["bitmaps"] < 2000 and used["total"] <= 24 * 1024, used
