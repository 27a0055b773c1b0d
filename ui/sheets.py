"""The sprite sheets beyond what the first game's base screens draw (ui/gfx.py holds those):
the tile numbers of every clan colour and strength and of the tactic cards (for the second
game's and the tactic variants' screens, and sim/make_assets.py), and a sheet read into RAM
instead of from flash (`load_sheets`, if OnDiskBitmap proves too slow on the device). The
base game's screens never import this module: its names are not in RAM while they play
(docs/BENCHMARKS.md, Memory).

Tile index = row * 12 + column in both card sheets: rows 0..5 the clan colours R O Y G B P,
column = strength 0..11 (`clan_tile`); rows 6..7 the tactic cards in TACTICS order
(`tactic_tile`; 8 free slots). docs/PLATFORM.md has the whole layout.
"""

import displayio

from ui import gfx
from ui.gfx import ASSET_DIR, FONT, LARGE, SHEET_COLS, SHEET_FILES, SMALL

TACTICS = (
    "JOKER",
    "SPY",
    "SHIELD",
    "MUD",
    "BLIND",
    "RECRUITER",
    "STRATEGIST",
    "BANSHEE",
    "TRAITOR",
    "REDEPLOYMENT",
    "RECRUITMENT",
    "DESERTION",
    "TREASON",
    "EXPLOSION",
    "SUPPORT",
    "EXCHANGE",
)

ROW_TACTIC = 6


def clan_tile(colour, strength):
    """Tile of a clan card, colour 0..5 (R O Y G B P), strength 0..11."""
    return colour * SHEET_COLS + strength


def tactic_tile(name):
    """Tile of a tactic card by name, e.g. "SPY" -> 73."""
    return ROW_TACTIC * SHEET_COLS + TACTICS.index(name)


def load_sheets(in_ram=()):
    """Open the sheets; sizes listed in `in_ram` are copied into RAM bitmaps instead."""
    for size in (SMALL, LARGE, FONT):
        path = ASSET_DIR + SHEET_FILES[size]
        gfx._sheets[size] = read_bmp(path) if size in in_ram else displayio.OnDiskBitmap(path)


def read_bmp(path):
    """A 4-bit indexed BMP file as a displayio.Bitmap (RAM: width * height / 2 bytes)."""
    with open(path, "rb") as f:
        head = f.read(54)
        offset = head[10] | head[11] << 8 | head[12] << 16
        w = head[18] | head[19] << 8
        h = head[22] | head[23] << 8
        if head[28] != 4:
            raise ValueError("not a 4-bit BMP: " + path)
        bmp = displayio.Bitmap(w, h, 16)
        stride = ((w * 4 + 31) // 32) * 4
        row = bytearray(stride)
        f.seek(offset)
        for y in range(h - 1, -1, -1):  # rows are stored bottom-up
            f.readinto(row)
            for x in range(w):
                b = row[x >> 1]
                bmp[x, y] = (b & 15) if x & 1 else (b >> 4)
    return bmp
