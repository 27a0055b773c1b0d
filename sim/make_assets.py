"""Draw the sprite sheets into assets/ (4-bit indexed BMPs) from the layout in ui/gfx.py.

`python -m sim.make_assets [--check] [--preview DIR]`: writes assets/cards_small.bmp,
assets/cards_large.bmp and assets/font.bmp; --check only compares them with what would be
written (exit 1 when stale); --preview also writes x4 PNGs to look at. Callable as `build()`.

The font sheet is Terminus 6x12 (ter-u12n, SIL Open Font License 1.1: the font CircuitPython's
terminalio.FONT is made from), read from the BDF file Blinka's displayio ships: the
characters of gfx.CHARS and a box for anything else, once per ink of gfx.INKS.
"""

import os
import struct
import sys

from ui import gfx, sheets
from ui.st1 import tactic as tact

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# 5x7 digits for the faces, 3x5 digits and letters for two-digit strengths and tactics
DIGITS5 = {
    "0": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    "3": ("#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
    "?": (".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."),
}
_F3 = (
    "0###/#.#/#.#/#.#/### 1.#./##./.#./.#./### 2###/..#/###/#../### 3###/..#/.##/..#/### "
    "4#.#/#.#/###/..#/..# 5###/#../###/..#/### 6###/#../###/#.#/### 7###/..#/.#./.#./.#. "
    "8###/#.#/###/#.#/### 9###/#.#/###/..#/### A.#./#.#/###/#.#/#.# B##./#.#/##./#.#/##. "
    "C.##/#../#../#../.## D##./#.#/#.#/#.#/##. E###/#../##./#../### F###/#../##./#../#.. "
    "G.##/#../#.#/#.#/.## H#.#/#.#/###/#.#/#.# I###/.#./.#./.#./### J..#/..#/..#/#.#/.#. "
    "K#.#/#.#/##./#.#/#.# L#../#../#../#../### M#.#/###/###/#.#/#.# N##./#.#/#.#/#.#/#.# "
    "O.#./#.#/#.#/#.#/.#. P##./#.#/##./#../#.. Q.#./#.#/#.#/##./.## R##./#.#/##./#.#/#.# "
    "S.##/#../.#./..#/##. T###/.#./.#./.#./.#. U#.#/#.#/#.#/#.#/### V#.#/#.#/#.#/#.#/.#. "
    "W#.#/#.#/###/###/#.# X#.#/#.#/.#./#.#/#.# Y#.#/#.#/.#./.#./.#. Z###/..#/.#./#../###"
)
FONT3 = {g[0]: tuple(g[1:].split("/")) for g in _F3.split()}

# one symbol per colour, so no card depends on telling colours apart
SYMBOLS = (
    (".#.#.", "#####", "#####", ".###.", "..#.."),  # R heart
    ("..#..", ".###.", "#####", ".###.", "..#.."),  # O diamond
    (".###.", "#...#", "#.#.#", "#...#", ".###."),  # Y sun (ring and dot)
    ("..#..", "..#..", ".###.", ".###.", "#####"),  # G triangle
    ("#####", "#####", "#####", "#####", "#####"),  # B square
    ("#...#", ".#.#.", "..#..", ".#.#.", "#...#"),  # P cross
)
STAR = ("..#..", "#####", ".###.", ".#.#.", "#...#")
INK = (gfx.C_WHITE, gfx.C_BLACK, gfx.C_BLACK, gfx.C_BLACK, gfx.C_WHITE, gfx.C_WHITE)
# The tactic cards' symbols (ui.sheets.TACTICS order; the second game's cards keep STAR)
TSYMBOLS = (
    STAR,  # JOKER: any card
    (".....", ".###.", "##.##", ".###.", "....."),  # SPY: an eye
    ("#####", "#...#", "#...#", ".#.#.", "..#.."),  # SHIELD: a shield
    (".#...", "#.#.#", "...#.", ".#...", "#.#.#"),  # MUD: waves
    (".....", "#####", "#####", ".#.#.", "....."),  # BLIND: a blindfold
    ("..#..", "..#..", "#####", "..#..", "..#.."),  # RECRUITER: a plus (draws)
    ("...#.", "#####", ".#.#.", "#####", ".#..."),  # STRATEGIST: two arrows (moves)
    (".###.", "#.#.#", "#####", "#####", "#.#.#"),  # BANSHEE: a ghost
    ("..#..", "..#..", "..#..", "#####", "..#.."),  # TRAITOR: a dagger
)
SHORT2 = ("JK", "SP", "SH", "MD", "BL", "RC", "ST", "BN", "TR")
SHORT3 = ("JKR", "SPY", "SHD", "MUD", "BLF", "RCR", "STR", "BAN", "TRT")
SHORT3 += ("RDP", "RCT", "DES", "TRS", "EXP", "SUP", "XCH")
SHORT5 = ("JOKER", "SPY", "SHLD", "MUD", "BLIND", "RECR", "STRAT", "BANSH", "TRAIT")
SHORT5 += ("REDEP", "RECRU", "DESRT", "TREAS", "BOOM", "SUPRT", "EXCH")
STONE = (
    "....#######....",
    "..##.......##..",
    ".#...........#.",
    "#.............#",
    "#.............#",
    "#.............#",
    "#.............#",
    "#.............#",
    ".#...........#.",
    "..##.......##..",
    "....#######....",
)
CHEVRON_DOWN = ("#.....#", ".#...#.", "..#.#..", "...#...")


class Tile:
    """A tile's pixels (palette indices), all transparent to start with."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = [[gfx.C_CLEAR] * w for _ in range(h)]

    def set(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            self.px[y][x] = c

    def rect(self, x, y, w, h, c):
        for j in range(y, y + h):
            for i in range(x, x + w):
                self.set(i, j, c)

    def glyph(self, rows, x, y, c, scale=1):
        for j, row in enumerate(rows):
            for i, ch in enumerate(row):
                if ch == "#":
                    self.rect(x + i * scale, y + j * scale, scale, scale, c)

    def text3(self, s, x, y, c):
        for k, ch in enumerate(s):
            self.glyph(FONT3[ch], x + 4 * k, y, c)

    def face(self, x, w, h, fill, edge=gfx.C_DARK):
        """A card face: filled, outlined, corners cut round."""
        self.rect(x, 0, w, h, fill)
        self.rect(x, 0, w, 1, edge)
        self.rect(x, h - 1, w, 1, edge)
        self.rect(x, 0, 1, h, edge)
        self.rect(x + w - 1, 0, 1, h, edge)
        for cx, cy in ((x, 0), (x + w - 1, 0), (x, h - 1), (x + w - 1, h - 1)):
            self.set(cx, cy, gfx.C_CLEAR)


def text3_width(s):
    return 4 * len(s) - 1


def small_clan(t, colour, strength):
    t.face(1, 15, 11, gfx.C_CLAN + colour)
    ink = INK[colour]
    if strength < 10:
        t.glyph(DIGITS5[str(strength)], 3, 2, ink)
        t.glyph(SYMBOLS[colour], 9, 3, ink)
    else:
        t.text3(str(strength), 2, 3, ink)
        t.glyph(SYMBOLS[colour], 10, 3, ink)


def large_clan(t, colour, strength):
    t.face(0, 21, 30, gfx.C_CLAN + colour)
    ink = INK[colour]
    if strength < 10:
        t.glyph(DIGITS5[str(strength)], 5, 3, ink, 2)
    else:
        t.glyph(FONT3[str(strength)[0]], 3, 5, ink, 2)
        t.glyph(FONT3[str(strength)[1]], 11, 5, ink, 2)
    t.glyph(SYMBOLS[colour], 5, 18, ink, 2)


def small_tactic(t, k):
    t.face(1, 15, 11, gfx.C_BLACK, gfx.C_GOLD)
    if k < len(TSYMBOLS):  # the first game's: its symbol and two letters
        t.glyph(TSYMBOLS[k], 2, 3, gfx.C_WHITE)
        t.text3(SHORT2[k], 8, 3, gfx.C_GOLD)
        return
    t.text3(SHORT3[k], 1 + (15 - text3_width(SHORT3[k])) // 2, 3, gfx.C_GOLD)


def large_tactic(t, k):
    t.face(0, 21, 30, gfx.C_BLACK, gfx.C_GOLD)
    t.text3(SHORT5[k], (21 - text3_width(SHORT5[k])) // 2, 4, gfx.C_GOLD)
    t.glyph(
        TSYMBOLS[k] if k < len(TSYMBOLS) else STAR, 5, 13, gfx.C_WHITE if k < len(TSYMBOLS) else gfx.C_GOLD, 2
    )


def mode_marks(t, blind, mud):
    """Over a stone (transparent elsewhere): "B" top right for Blind-Man's Bluff, "M" bottom
    right for Mud Fight, gold on black."""
    for on, ch, y in ((blind, "B", 0), (mud, "M", 5)):
        if on:
            t.rect(13, y, 4, 6, gfx.C_BLACK)
            t.glyph(FONT3[ch], 14, y + (0 if y == 0 else 1), gfx.C_GOLD)


def back(t, x, w, h):
    t.face(x, w, h, gfx.C_BACK)
    for j in range(1, h - 1):
        for i in range(x + 1, x + w - 1):
            if (i - x) % 6 in (2, 3) or j % 6 in (2, 3):
                t.set(i, j, gfx.C_BACK2)


def empty(t, x, w, h):
    for i in range(x, x + w, 2):
        t.set(i, 0, gfx.C_STONE)
        t.set(i, h - 1, gfx.C_STONE)
    for j in range(0, h, 2):
        t.set(x, j, gfx.C_STONE)
        t.set(x + w - 1, j, gfx.C_STONE)


def stone(t, owner):
    edge = (gfx.C_DARK, gfx.C_WHITE, gfx.C_BLACK)[owner]
    for j, row in enumerate(STONE):
        for i in range(row.find("#"), row.rfind("#") + 1):
            t.set(1 + i, j, edge if row[i] == "#" else gfx.C_STONE)
    for x, y in ((4, 2), (5, 2), (6, 2), (3, 3), (4, 3)):
        t.set(x, y, gfx.C_LIGHT)
    if owner:
        rows = CHEVRON_DOWN if owner == 1 else CHEVRON_DOWN[::-1]
        t.glyph(rows, 5, 4, edge)
        t.glyph(rows, 5, 5, edge)


def claim_marker(t):
    """A stone with a gold rim: in place of T_STONE, or over it."""
    stone(t, 0)
    for j, row in enumerate(STONE):
        for i, ch in enumerate(row):
            if ch == "#":
                t.set(1 + i, j, gfx.C_GOLD)
    for x, y in ((0, 0), (16, 0), (0, 10), (16, 10), (1, 0), (15, 0), (1, 10), (15, 10)):
        t.set(x, y, gfx.C_GOLD)


def numbered_stone(t, kind, n):
    """Stone n (1..9) of a kind (0 plain, 1 the player's, 2 the opponent's, 3 claimable): the
    number in the middle, beside the owner's chevron (moved right); a claimable stone is gold
    inside too, so that the cursor's rings do not hide it (issue 12 items 1 and 6)."""
    if kind == 3:
        claim_marker(t)
        for j, row in enumerate(STONE):
            for i in range(row.find("#") + 1, row.rfind("#")):
                t.set(1 + i, j, gfx.C_GOLD)
        t.glyph(FONT3[str(n)], 7, 3, gfx.C_DARK)
        return
    stone(t, 0)
    if kind:
        edge = (gfx.C_DARK, gfx.C_WHITE, gfx.C_BLACK)[kind]
        for j, row in enumerate(STONE):
            for i, ch in enumerate(row):
                if ch == "#":
                    t.set(1 + i, j, edge)
        rows = CHEVRON_DOWN if kind == 1 else CHEVRON_DOWN[::-1]
        t.glyph(rows, 7, 4, edge)
        t.glyph(rows, 7, 5, edge)
        t.rect(3, 2, 4, 6, gfx.C_STONE)  # no highlight under the number
        t.glyph(FONT3[str(n)], 3, 3, edge)
    else:
        t.glyph(FONT3[str(n)], 7, 3, gfx.C_DARK)


def last_marker(t):
    """A gold frame round a small card (the card played last)."""
    t.rect(0, 0, 17, 1, gfx.C_GOLD)
    t.rect(0, 10, 17, 1, gfx.C_GOLD)
    t.rect(0, 0, 1, 11, gfx.C_GOLD)
    t.rect(16, 0, 1, 11, gfx.C_GOLD)


def cursor(t, x, w, h):
    """White outer ring and black inner ring: visible on every card colour."""
    for c, d in ((gfx.C_WHITE, 0), (gfx.C_BLACK, 1)):
        t.rect(x + d, d, w - 2 * d, 1, c)
        t.rect(x + d, h - 1 - d, w - 2 * d, 1, c)
        t.rect(x + d, d, 1, h - 2 * d, c)
        t.rect(x + w - 1 - d, d, 1, h - 2 * d, c)


def unknown(t, x, w, h):
    t.face(x, w, h, gfx.C_WHITE)
    t.glyph(DIGITS5["?"], x + (w - 5) // 2, (h - 7) // 2, gfx.C_BLACK)


def draw_tile(size, index):
    """The Tile for sheet `size` at `index` (blank where the layout has nothing)."""
    w, h = gfx.TILE_W[size], gfx.TILE_H[size]
    t = Tile(w, h)
    row, col = divmod(index, gfx.SHEET_COLS)
    fx, fw = (1, 15) if size == gfx.SMALL else (0, 21)
    if row < 6:
        (small_clan if size == gfx.SMALL else large_clan)(t, row, col)
    elif row < gfx.ROW_MISC:
        k = index - sheets.ROW_TACTIC * gfx.SHEET_COLS
        if k < len(sheets.TACTICS):
            (small_tactic if size == gfx.SMALL else large_tactic)(t, k)
    elif index == gfx.T_BACK:
        back(t, fx, fw, h)
    elif index == gfx.T_EMPTY:
        empty(t, fx, fw, h)
    elif index in (gfx.T_STONE, gfx.T_STONE_P1, gfx.T_STONE_P2) and size == gfx.SMALL:
        stone(t, index - gfx.T_STONE)
    elif index == gfx.T_CLAIM and size == gfx.SMALL:
        claim_marker(t)
    elif index == gfx.T_CURSOR:
        if size == gfx.SMALL:
            cursor(t, 0, w, h)
        else:
            cursor(t, 0, fw, h)
    elif index == gfx.T_UNKNOWN:
        unknown(t, fx, fw, h)
    elif index == gfx.T_LAST and size == gfx.SMALL:
        last_marker(t)
    elif tact.T_MODES <= index < tact.T_MODES + 3 and size == gfx.SMALL:
        k = index - tact.T_MODES + 1  # bit 0 Blind-Man's Bluff, bit 1 Mud Fight
        mode_marks(t, k & 1, k & 2)
    elif index >= gfx.T_NUMBERED and size == gfx.SMALL:
        kind, s = divmod(index - gfx.T_NUMBERED, 9)
        numbered_stone(t, kind, s + 1)
    return t


def sheet_pixels(size):
    """Rows of palette indices of the whole sheet."""
    w, h = gfx.TILE_W[size], gfx.TILE_H[size]
    cols, rows = gfx.SHEET_COLS, gfx.SHEET_ROWS[size]
    px = [[gfx.C_CLEAR] * (cols * w) for _ in range(rows * h)]
    for index in range(cols * rows):
        t = draw_tile(size, index)
        r, c = divmod(index, cols)
        for j in range(h):
            px[r * h + j][c * w : (c + 1) * w] = t.px[j]
    return px


def bmp4(px, palette):
    """A 4-bit indexed BMP (BITMAPINFOHEADER, bottom-up rows) of the pixel rows."""
    h, w = len(px), len(px[0])
    stride = ((w * 4 + 31) // 32) * 4
    data = bytearray()
    for row in reversed(px):
        line = bytearray(stride)
        for x, v in enumerate(row):
            line[x >> 1] |= v << (0 if x & 1 else 4)
        data += line
    pal = b"".join(struct.pack("<BBBB", c & 255, c >> 8 & 255, c >> 16 & 255, 0) for c in palette)
    offset = 14 + 40 + len(pal)
    head = b"BM" + struct.pack("<IHHI", offset + len(data), 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 4, 0, len(data), 2835, 2835, 16, 16)
    return head + info + pal + bytes(data)


def bdf_path():
    """Blinka displayio's copy of the Terminus 6x12 BDF font."""
    import displayio

    return os.path.join(os.path.dirname(displayio.__file__), "resources", "ter-u12n.bdf")


def read_bdf(path):
    """{codepoint: 12 rows of 6 bits (bit 5 = leftmost)} of a 6x12 fixed-cell BDF font."""
    glyphs = {}
    code = None
    rows = None
    for line in open(path, encoding="ascii", errors="replace"):
        w = line.split()
        if not w:
            continue
        if w[0] == "ENCODING":
            code = int(w[1])
        elif w[0] == "BBX" and w[1:] != ["6", "12", "0", "-2"]:
            code = None  # not a full 6x12 cell: not used
        elif w[0] == "BITMAP":
            rows = []
        elif w[0] == "ENDCHAR":
            if code is not None and rows is not None and len(rows) == gfx.FONT_H:
                glyphs[code] = rows
            code = rows = None
        elif rows is not None:
            rows.append(int(w[0], 16) >> 2)  # 6 bits padded to a byte
    return glyphs


def font_pixels():
    """Rows of palette indices of the font sheet: GLYPHS glyphs per ink, FONT_COLS a row."""
    glyphs = read_bdf(bdf_path())
    box = [0x3F] + [0x21] * (gfx.FONT_H - 4) + [0x3F, 0, 0]
    fw, fh, cols = gfx.FONT_W, gfx.FONT_H, gfx.FONT_COLS
    n = gfx.GLYPHS * len(gfx.INKS)
    px = [[gfx.C_CLEAR] * (cols * fw) for _ in range((n + cols - 1) // cols * fh)]
    for k in range(len(gfx.INKS)):
        ink = gfx.INKS[k]
        for g in range(gfx.GLYPHS):
            rows = glyphs.get(ord(gfx.CHARS[g])) if g < gfx.GLYPHS - 1 else None
            rows = rows or box
            r, c = divmod(k * gfx.GLYPHS + g, cols)
            for j in range(fh):
                for i in range(fw):
                    if rows[j] >> (fw - 1 - i) & 1:
                        px[r * fh + j][c * fw + i] = ink
    return px


def build(out_dir=None, check=False):
    """Write (or with check, compare) the sheets; returns the list of stale/written paths."""
    out_dir = out_dir or os.path.join(ROOT, "assets")
    changed = []
    for size in (gfx.SMALL, gfx.LARGE, gfx.FONT):
        path = os.path.join(out_dir, gfx.SHEET_FILES[size])
        data = bmp4(font_pixels() if size == gfx.FONT else sheet_pixels(size), gfx.PALETTE)
        old = open(path, "rb").read() if os.path.exists(path) else None
        if old != data:
            changed.append(path)
            if not check:
                with open(path, "wb") as f:
                    f.write(data)
    return changed


def preview(out_dir, scale=4):
    """x`scale` PNGs of both sheets on the table colour, to look at."""
    from sim.platform import write_png

    os.makedirs(out_dir, exist_ok=True)
    for size in (gfx.SMALL, gfx.LARGE, gfx.FONT):
        px = font_pixels() if size == gfx.FONT else sheet_pixels(size)
        rgb = bytearray()
        for row in px:
            line = bytearray()
            for v in row:
                c = gfx.PALETTE[gfx.C_TABLE if v == gfx.C_CLEAR else v]
                line += bytes((c >> 16, c >> 8 & 255, c & 255)) * scale
            rgb += bytes(line) * scale
        name = os.path.join(out_dir, gfx.SHEET_FILES[size].replace(".bmp", ".png"))
        write_png(name, len(px[0]) * scale, len(px) * scale, bytes(rgb))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    changed = build(check=check)
    if "--preview" in argv:
        preview(argv[argv.index("--preview") + 1])
    for path in changed:
        print(("stale: " if check else "wrote: ") + os.path.relpath(path, ROOT))
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
