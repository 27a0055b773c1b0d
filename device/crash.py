"""The crash screen: imported by code.py only when the game has stopped, so none of this code
is in RAM while the game runs (docs/DEVICE.md).

`describe(exc)` makes the text (type, message, innermost `file:line`), `screen(...)` shows it
until A restarts the board or SELECT restarts it without the saved game. The text is drawn
from a font's glyph sheet through one TileGrid (no library): terminalio.FONT, or on a
firmware without terminalio the game's own font sheet (ui.gfx), or else nothing but a
coloured screen (the serial console always has the text).
"""

import gc
import time

import board
import displayio
import keypad
import supervisor

NEEDS_TERMINALIO = "Firmware lacks terminalio: use CircuitPython 10 in English"


def wrap(text, cols):
    """Lines of at most cols characters, broken at spaces where possible."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > cols:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def innermost(tb):
    """ "file:line" of the innermost frame of a traceback's text ("" if none). CircuitPython's
    traceback.format_exception gives the whole text as one string, CPython a list of lines:
    joined, both end with the innermost frame."""
    i = tb.rfind('File "')
    if i < 0:
        return ""
    j = tb.find('"', i + 6)
    k = tb.find("line ", j)
    num = "?"
    if k >= 0:
        num = tb[k + 5 :].split("\n")[0].split(",")[0].strip()
    return tb[i + 6 : j] + ":" + num


def describe(exc):
    """Type, message and innermost file:line of an exception, as text for the screen; the
    whole traceback goes to the serial console."""
    text = type(exc).__name__
    try:
        msg = str(exc)
        if msg:
            text = text + ": " + msg
    except Exception:
        pass
    if isinstance(exc, ImportError) and "terminalio" in text:
        text = text + "\n" + NEEDS_TERMINALIO
    try:
        import traceback

        tb = "".join(traceback.format_exception(exc))
        print(tb)
        where = innermost(tb)
        if where:
            text = text + "\nat " + where
    except Exception:
        print(text)
    return text


def _font():
    """(glyph sheet, glyph width, height, tile of a character, palette)."""
    try:
        import terminalio

        font = terminalio.FONT
        w, h = font.get_bounding_box()[:2]
        q = font.get_glyph(63)

        def tile(code):
            g = font.get_glyph(code) or q
            return g.tile_index

        palette = displayio.Palette(2)
        palette[0] = 0x301010
        palette[1] = 0xFFFFFF
        return font.bitmap, w, h, tile, palette
    except ImportError:
        print(NEEDS_TERMINALIO)
        from ui import gfx  # the game's font sheet (assets/font.bmp)

        return gfx.sheet(gfx.FONT), gfx.FONT_W, gfx.FONT_H, gfx.tile_of, gfx.palette()


def show_text(title, body, footer):
    """Fill the screen with the text (title, body, footer lines) in one TileGrid."""
    display = board.DISPLAY
    try:
        bitmap, w, h, tile, palette = _font()
    except Exception as e:  # no font at all: a dark red screen, the text on the console
        print("no font for the crash screen:", e)
        palette = displayio.Palette(1)
        palette[0] = 0x301010
        group = displayio.Group()
        group.append(displayio.TileGrid(displayio.Bitmap(1, 1, 1), pixel_shader=palette, width=1, height=1))
        display.root_group = group
        display.auto_refresh = True
        return
    cols = display.width // w
    rows = display.height // h
    lines = wrap(title, cols) + [""]
    lines += wrap(body, cols)[: rows - len(lines) - len(footer) - 1]
    lines += [""] * (rows - len(lines) - len(footer)) + footer
    grid = displayio.TileGrid(
        bitmap,
        pixel_shader=palette,
        width=cols,
        height=rows,
        tile_width=w,
        tile_height=h,
        default_tile=tile(32),
        x=(display.width - cols * w) // 2,
        y=(display.height - rows * h) // 2,
    )
    for r in range(rows):
        # Character codes, not one-character strings: indexing a str makes each character
        # a qstr, and a new qstr may need a new pool that a crashed heap does not have.
        line = lines[r].encode()
        for c in range(min(cols, len(line))):
            grid[c, r] = tile(line[c])
    group = displayio.Group()
    group.append(grid)
    display.root_group = group
    display.auto_refresh = True


def wait_for_choice(platform, keys):
    """1 (A: restart) or 3 (SELECT: restart without the saved game); waits forever. Keys
    come from the platform, else from `keys` (the platform's keypad if it got that far),
    else from a keypad made here."""
    if platform is None and keys is None:
        try:
            keys = keypad.ShiftRegisterKeys(
                clock=board.BUTTON_CLOCK,
                data=board.BUTTON_OUT,
                latch=board.BUTTON_LATCH,
                key_count=4 if hasattr(board, "JOYSTICK_X") else 8,
                value_when_pressed=True,
            )
        except Exception as e:
            print("no keys for the crash screen:", e)
    start = time.monotonic()
    while True:
        k = -1
        try:
            if platform is not None:
                k = platform.poll()
            elif keys is not None:
                ev = keys.events.get()
                if ev and ev.pressed:
                    k = ev.key_number
        except Exception:
            pass
        # Presses in the first second were meant for the game, not for this screen.
        if k in (1, 3) and time.monotonic() - start > 1.0:
            return k
        time.sleep(0.02)


def drop_saved_game(platform, area):
    """Rewrite the save without the game in progress; settings and statistics stay."""
    from ui.store import Store

    store = Store(platform if platform is not None else area)
    settings, stats, game, message = store.load()
    if message is None:
        store.save(settings, stats, None)


def screen(text, platform, title, keys=None, area=None):
    """Show text until A or SELECT, then restart (SELECT drops the saved game first)."""
    gc.collect()
    footer = ["A: restart", "SELECT: drop saved game"]
    try:
        show_text(title, text, footer)
    except Exception as e:  # the screen itself failed: the serial console has the error
        print("crash screen failed:", e)
    if wait_for_choice(platform, keys) == 3:
        try:
            drop_saved_game(platform, area)
        except Exception as e:
            print("could not drop the saved game:", e)
    supervisor.reload()
