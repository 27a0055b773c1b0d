"""Sprite sheets, card tiles, the menu and how much a cursor move redraws (headless)."""

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pytest  # noqa: E402

from sim import make_assets  # noqa: E402
from sim import platform as simp  # noqa: E402
from ui import gfx, sheets, widgets  # noqa: E402
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
    assert gfx.st1_tile(0) == sheets.clan_tile(0, 1) == 1  # R1
    assert gfx.st1_tile(33) == sheets.clan_tile(3, 7)  # G7
    assert gfx.st1_tile(53) == 5 * 12 + 9  # P9
    assert gfx.st1_tile(gfx.NONE) == gfx.T_BLANK
    assert gfx.st1_tile(gfx.HIDDEN) == gfx.T_BACK
    assert gfx.st1_tile(54) == gfx.T_UNKNOWN
    assert sheets.tactic_tile("JOKER") == 72 and sheets.tactic_tile("EXCHANGE") == 87
    assert len(sheets.TACTICS) <= 2 * gfx.SHEET_COLS


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
    ram = sheets.read_bmp(gfx.ASSET_DIR + gfx.SHEET_FILES[gfx.SMALL])
    disk.grid.bitmap = ram
    sim.refresh()
    assert sim.rgb() == before


def test_box_and_text(sim):
    box = gfx.Box(20, 30, 40, 10, 0x0000FF)
    area = gfx.TextGrid(2, 100, 26)
    line = gfx.Line(area, 0, gfx.WHITE, gfx.CENTER, "Hi")
    sim.root.append(box.grid)
    sim.root.append(area.grid)
    sim.refresh()
    assert sim.pixel(20, 30) == sim.pixel(59, 39) == (0, 0, 255)
    assert sim.pixel(60, 39) != (0, 0, 255)
    lit = [x for x in range(160) for y in range(100, 112) if sim.pixel(x, y) == (255, 255, 255)]
    assert lit and min(lit) >= 74 and max(lit) <= 86  # "Hi" is 12 px, centred on 80
    box.set_color(0xFF0000)
    line.set("Hi")
    sim.refresh()
    assert sim.last_refresh_areas == [(20, 30, 60, 40)]  # the same text redraws nothing
    line.set("Ho")
    sim.refresh()
    assert sim.last_refresh_areas == [(80, 100, 86, 112)]  # one character changed


def test_text_grid_inks_and_the_box_glyph(sim):
    area = gfx.TextGrid(2, 2, 10, 2)
    light = gfx.TextGrid(2, 40, 10, 1, light=True)
    sim.root.append(area.grid)
    sim.root.append(light.grid)
    area.put(0, 0, "A", gfx.WHITE)
    area.put(1, 0, "A", gfx.GOLD)
    area.put(2, 0, "A", gfx.GREY)
    area.put(0, 1, "\u2665~")  # not in the sheet: boxes
    light.put(0, 0, "A")
    sim.refresh()

    def inks(x0, y0):
        return {sim.pixel(x, y) for x in range(x0, x0 + 6) for y in range(y0, y0 + 12)}

    def ink_of(x0, y0):  # the one colour drawn in a cell besides the background (RGB565)
        (c,) = inks(x0, y0) - {sim.pixel(150, 120)}
        return c

    def near(c, rgb):
        return all(abs(c[i] - (rgb >> (16 - 8 * i) & 255)) <= 8 for i in range(3))

    assert near(ink_of(2, 2), 0xFFFFFF) and near(ink_of(8, 2), 0xFFC000)
    assert near(ink_of(14, 2), 0x8C8C8C) and near(ink_of(2, 40), 0xC8C8C8)
    box = gfx.glyph("\u2665")
    assert area.grid[10] == area.grid[11] == box and gfx.glyph("~") == box != gfx.glyph("A")
    area.clear()
    sim.refresh()
    assert inks(2, 2) == {sim.pixel(150, 120)}
    assert max(t for t in range(gfx.GLYPHS * len(gfx.INKS))) < 256  # a TileGrid's limit


OPTIONS = (
    ("Rules", ("2016", "1999")),
    ("Opponent", ("Easy", "Medium", "Hard", "Pass-and-play", "Demo")),
    ("Rounds", ("1", "2", "3", "4", "5", "6", "7")),
    ("Claims", ("auto", "manual")),
    ("Sound", ("on", "off")),
    ("Start game", None),
)


def _menu(sim):
    area = gfx.TextGrid(2, 4, 26, 9)
    sim.root.append(area.grid)
    menu = widgets.Menu(OPTIONS, area, 1)
    menu.draw()
    return menu, area


def _row_text(area, row):
    chars = {gfx.glyph(c, ink): c for c in gfx.CHARS for ink in range(len(gfx.INKS))}
    return "".join(chars[area.grid[row * area.cols + i]] for i in range(area.cols))


def test_menu_cursor_and_values(sim):
    menu, area = _menu(sim)
    sim.refresh()
    assert menu.key(K_UP) == widgets.MOVED and menu.index == 5  # wraps to the last row
    assert menu.key(K_A) == 5  # an action
    assert menu.key(K_LEFT) == widgets.NOTHING
    assert menu.key(K_DOWN) == widgets.MOVED and menu.index == 0
    assert menu.key(K_DOWN) == widgets.MOVED and menu.index == 1
    assert menu.key(K_LEFT) == widgets.CHANGED and menu.value(1) == "Demo"
    assert menu.key(K_RIGHT) == widgets.CHANGED and menu.value(1) == "Easy"
    assert menu.key(K_A) == widgets.CHANGED and menu.value(1) == "Medium"
    assert menu.choice(1) == 1 and _row_text(area, 2) == ">Opponent" + " " * 11 + "Medium"
    assert _row_text(area, 1) == " Rules" + " " * 16 + "2016"
    assert area.grid[2 * area.cols] == gfx.glyph(">", gfx.GOLD) and area.grid[area.cols] == 0
    assert menu.key(K_B) == widgets.BACK and menu.key(K_START) == widgets.START
    menu.set_choice(2, 6)
    assert menu.value(2) == "7"
    menu.set_grey(5, True)
    assert area.grid[6 * area.cols + 1] == gfx.glyph("S", gfx.GREY)
    sim.refresh()
    assert sim.rgb() == sim.render_full()
    menu.live = False  # its page is off screen: the model changes, the cells do not
    menu.set_choice(3, 1)
    assert menu.value(3) == "manual" and _row_text(area, 4).endswith("auto")


def test_menu_moves_and_changes_redraw_little(sim):
    menu, _ = _menu(sim)
    sim.refresh()
    for k in (K_DOWN, K_DOWN, K_UP, K_RIGHT, K_LEFT):
        menu.key(k)
        sim.refresh()
        assert 0 < sim.last_refresh_pixels <= FRAME // 10, k


def test_a_board_scene_fits_the_ram_budget(sim):
    board = gfx.Cards(gfx.SMALL, 9, 7, x=3, y=0)
    hand = gfx.Cards(gfx.LARGE, 7, 1, x=3, y=82)
    cursor = gfx.Sprite(gfx.SMALL, gfx.T_CURSOR)
    area = gfx.TextGrid(2, 4, 26, 9)
    widgets.Menu(OPTIONS, area, 1).draw()
    msg = gfx.TextGrid(2, 116, 26)
    gfx.Line(msg, 0, text="Your turn: play a card")
    for g in (board.grid, hand.grid, cursor.grid, area.grid, msg.grid):
        sim.root.append(g)
    used = simp.ram_estimate(sim.root)
    assert used["bitmaps"] < 2000 and used["total"] <= 24 * 1024, used
