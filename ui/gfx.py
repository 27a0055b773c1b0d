"""Sprites, solid boxes and text for the 160x128 screen: built once, then only updated.

Sheets (assets/, made by sim/make_assets.py): indexed 4-bit BMPs read with
displayio.OnDiskBitmap (flash, not RAM) and drawn through one shared 16-colour
palette (`palette()`; index 0 is transparent).

- FONT, assets/font.bmp: 6x12 character tiles (Terminus, the font of terminalio.FONT), the
  GLYPHS characters " " .. "~" and a box, once per ink of INKS. Text is a `TextGrid`: one
  TileGrid of character tiles per text area (a few dozen bytes of tile indices), not a
  label object with a bitmap of its own (docs/BENCHMARKS.md, Memory).

- SMALL, assets/cards_small.bmp: 12 x 10 tiles of 17x11, the card face 15x11 at x=1
  (a column of 9 stones is 9 x 17 = 153 px). Board cards, stones, markers.
- LARGE, assets/cards_large.bmp: 12 x 9 tiles of 22x30, the face 21x30 at x=0
  (7 hand cards are 154 px). Hand cards.

Tile index = row * 12 + column, the same in both sheets:
  rows 0..5  clan colour R O Y G B P; column = strength 0..11 (ui.sheets.clan_tile)
             (Schotten Totten uses 1..9; Schotten Totten 2's five colours R Y G B P, 0..11)
  rows 6..7  tactic cards, column = ui.sheets.TACTICS index (ui.sheets.tactic_tile)
  row 8      T_BACK T_EMPTY T_STONE T_STONE_P1 T_STONE_P2 T_CLAIM T_CURSOR T_BLANK T_UNKNOWN
             (stones and the claim marker exist in the small sheet only)
  row 9      small sheet: T_LAST (the gold frame round the card played last), 109..111
             (the tactic variant's combat modes over a stone: B, M, both: ui.st1.tactic.T_MODES);
             the rest free
             (Schotten Totten 2 wall tiles get a sheet of their own)
  rows 10-12 small sheet: the stones numbered 1..9 from T_NUMBERED, nine tiles per kind:
             plain, the player's, the opponent's, claimable (gold inside: seen within the
             cursor's rings), in the order of T_STONE .. T_CLAIM

Card ints reach tiles through a mapper; `st1_tile` maps Schotten Totten's
`colour * 9 + (strength - 1)`, NONE (255) to a blank and HIDDEN (254) to a card back.
"""

import displayio

SMALL = 0
LARGE = 1
FONT = 2
FONT_W = 6
FONT_H = 12
FONT_COLS = 16  # characters a row of the font sheet
TILE_W = (17, 22, FONT_W)
TILE_H = (11, 30, FONT_H)
SHEET_COLS = 12
SHEET_ROWS = (13, 9)
SHEET_FILES = ("cards_small.bmp", "cards_large.bmp", "font.bmp")

# colour indices into PALETTE
C_CLEAR = 0  # transparent (magenta in the files)
C_BLACK = 1
C_WHITE = 2
C_CLAN = 3  # 3..8: R O Y G B P
C_DARK = 9
C_STONE = 10
C_LIGHT = 11
C_GOLD = 12
C_TABLE = 13
C_BACK = 14
C_BACK2 = 15
PALETTE = (
    0xFF00FF,
    0x000000,
    0xFFFFFF,
    0xE02828,  # red
    0xF08C00,  # orange
    0xF0DC28,  # yellow
    0x28A040,  # green
    0x2860E8,  # blue
    0x9838C8,  # purple
    0x303030,
    0x8C8C8C,
    0xC8C8C8,
    0xFFC000,
    0x1E4A2A,
    0x7A1E1E,
    0x1E3A5A,
)
COLOURS = "ROYGBP"

ROW_MISC = 8
T_BACK = 96
T_EMPTY = 97
T_STONE = 98
T_STONE_P1 = 99
T_STONE_P2 = 100
T_CLAIM = 101
T_CURSOR = 102
T_BLANK = 103
T_UNKNOWN = 104
T_LAST = 108
T_NUMBERED = 120

NONE = 255
HIDDEN = 254


def st1_tile(card):
    """Tile of a Schotten Totten card int (colour * 9 + strength - 1; 255 none; 254 back)."""
    if 0 <= card < 54:
        return (card // 9) * SHEET_COLS + card % 9 + 1
    if card == NONE:
        return T_BLANK
    if card == HIDDEN:
        return T_BACK
    return T_UNKNOWN


def _asset_dir():
    try:
        path = __file__.replace("\\", "/")
    except NameError:
        return "/assets/"
    i = path.rfind("/ui/")
    return path[:i] + "/assets/" if i >= 0 else "assets/"


ASSET_DIR = _asset_dir()
_sheets = [None, None, None]
_palettes = [None, None]


def palette(light=False):
    """The shared 16-colour palette (index 0 transparent); `light`: its copy with C_WHITE
    drawn as PALETTE[C_LIGHT], for grey notes and footers."""
    p = _palettes[light]
    if p is None:
        p = _palettes[light] = displayio.Palette(len(PALETTE))
        for i in range(len(PALETTE)):
            p[i] = PALETTE[C_LIGHT if light and i == C_WHITE else i]
        p.make_transparent(C_CLEAR)
    return p


def sheet(size):
    """The bitmap of sheet SMALL, LARGE or FONT (opened from flash on first use)."""
    if _sheets[size] is None:
        _sheets[size] = displayio.OnDiskBitmap(ASSET_DIR + SHEET_FILES[size])
    return _sheets[size]


def tiles(size, cols=1, rows=1, x=0, y=0, tile=T_BLANK):
    """A TileGrid of cols x rows tiles of sheet `size`."""
    return displayio.TileGrid(
        sheet(size),
        pixel_shader=palette(),
        width=cols,
        height=rows,
        tile_width=TILE_W[size],
        tile_height=TILE_H[size],
        default_tile=tile,
        x=x,
        y=y,
    )


class Cards:
    """A grid of cards in one TileGrid; `set(i, card)` redraws only tile i, only on change."""

    def __init__(self, size=SMALL, cols=1, rows=1, x=0, y=0, mapper=st1_tile):
        self.size = size
        self.mapper = mapper
        self.grid = tiles(size, cols, rows, x, y, mapper(NONE))
        self.cards = bytearray([NONE] * (cols * rows))

    def set(self, i, card):
        """Show `card` (an int for the mapper) at tile i (row-major)."""
        if self.cards[i] != card:
            self.cards[i] = card
            self.grid[i] = self.mapper(card)

    def set_tile(self, i, tile):
        """Show a raw sheet tile at i (e.g. T_EMPTY); the card there is forgotten."""
        self.cards[i] = NONE
        if self.grid[i] != tile:
            self.grid[i] = tile

    def show(self, cards):
        """Set every tile from a sequence of card ints (shorter: the rest become NONE)."""
        n = len(cards)
        for i in range(len(self.cards)):
            self.set(i, cards[i] if i < n else NONE)


class Sprite:
    """One movable tile (cursor frame, claim marker); moving redraws old and new spot only."""

    def __init__(self, size=SMALL, tile=T_CURSOR, x=0, y=0, hidden=False):
        self.grid = tiles(size, 1, 1, x, y, tile)
        self.grid.hidden = hidden

    def move(self, x, y):
        """Move the top-left corner to (x, y) (no redraw when it is already there)."""
        g = self.grid
        if g.x != x or g.y != y:
            g.x = x
            g.y = y

    def show(self, on):
        """Show or hide (no redraw when unchanged)."""
        if self.grid.hidden == on:
            self.grid.hidden = not on

    def set_tile(self, tile):
        if self.grid[0] != tile:
            self.grid[0] = tile


class Box:
    """A solid rectangle: a w x 1 one-colour bitmap tiled h times (about w/8 + h bytes)."""

    def __init__(self, x, y, w, h, color):
        self.palette = displayio.Palette(1)
        self.palette[0] = color
        bmp = displayio.Bitmap(w, 1, 1)
        self.grid = displayio.TileGrid(
            bmp, pixel_shader=self.palette, width=1, height=h, tile_width=w, tile_height=1, x=x, y=y
        )
        self._color = color

    def set_color(self, color):
        """Recolour (redraws the box) only if the colour changes."""
        if color != self._color:
            self._color = color
            self.palette[0] = color


LEFT = 0
CENTER = 1
RIGHT = 2

# Inks of the font sheet: palette indices, one copy of the glyphs each. A TileGrid holds
# at most 256 tiles (Blinka checks it), so the sheet has 3 inks of the CHARS the screens use
# and a box for any other character. A `light` text area draws WHITE as C_LIGHT instead.
INKS = (C_WHITE, C_GOLD, C_STONE)
WHITE = 0
GOLD = 1
GREY = 2
CHARS = " !%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"
GLYPHS = len(CHARS) + 1  # the last one is the box
_MAP = bytearray([GLYPHS - 1] * 95)  # character code - 32 -> glyph
# Texts are read as bytes, never by indexing the str: on CircuitPython each one-character
# str made by indexing or iterating a str is interned for good (a qstr per character).
_i = 0
for _c in CHARS.encode():
    _MAP[_c - 32] = _i
    _i += 1


def glyph(ch, ink=WHITE):
    """Font sheet tile of character `ch` in `ink`, e.g. glyph("A") == 29 (a space is 0 in
    every ink: blank is blank)."""
    return tile_of(ord(ch), ink)


def tile_of(code, ink=WHITE):
    """Font sheet tile of character code `code` in `ink` (glyph() for a one-character str)."""
    o = code - 32
    if not o:
        return 0
    return ink * GLYPHS + (_MAP[o] if 0 <= o < 95 else GLYPHS - 1)


class TextGrid:
    """A text area of cols x rows characters: one TileGrid over the font sheet.

    Writing changes only the tiles that differ, so a new text redraws just its characters."""

    def __init__(self, x, y, cols, rows=1, light=False):
        self.cols = cols
        self.rows = rows
        self.grid = tiles(FONT, cols, rows, x, y, 0)
        if light:
            self.grid.pixel_shader = palette(True)

    def put(self, col, row, text, ink=WHITE, width=-1):
        """Write `text` from (col, row), clipped to the area; `width` cells in all (the rest
        blank; -1: just the text)."""
        n = len(text) if width < 0 else width
        data = text.encode()
        end = len(data)
        g = self.grid
        base = row * self.cols
        j = 0  # the byte where character i starts
        for i in range(n):
            t = 0
            if j < end:
                o = data[j]
                j += 1
                if o >= 0x80:  # not ASCII: the box, one cell for the whole character
                    while j < end and data[j] & 0xC0 == 0x80:
                        j += 1
                t = tile_of(o, ink)
            c = col + i
            if 0 <= c < self.cols and g[base + c] != t:
                g[base + c] = t

    def line(self, row, text, ink=WHITE, align=LEFT):
        """Fill a whole row with `text` aligned in it (clipped to the row)."""
        n = len(text)
        col = 0 if align == LEFT else (self.cols - n) // 2 if align == CENTER else self.cols - n
        if col < 0:
            col = 0
        self.put(0, row, "", ink, col)  # col blanks, no string made
        self.put(col, row, text, ink, self.cols - col)

    def clear(self):
        """Blank every cell."""
        g = self.grid
        for i in range(self.cols * self.rows):
            if g[i]:
                g[i] = 0


class Line:
    """One row of a TextGrid with its ink and alignment; `text` is what it shows. A line of a
    page that is not on screen keeps its text and writes it when `live` turns on."""

    def __init__(self, area, row, ink=WHITE, align=LEFT, text="", live=True):
        self.area = area
        self.row = row
        self.ink = ink
        self.align = align
        self.text = text
        self.live = live
        if live and text:
            area.line(row, text, ink, align)

    def set(self, text, ink=None):
        """Change the text and/or ink; nothing is redrawn when both are unchanged."""
        if ink is None:
            ink = self.ink
        if text != self.text or ink != self.ink:
            self.text = text
            self.ink = ink
            if self.live:
                self.area.line(self.row, text, ink, self.align)

    def draw(self):
        """Write the line into its area (a page coming on screen)."""
        self.live = True
        self.area.line(self.row, self.text, self.ink, self.align)
