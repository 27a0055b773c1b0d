"""CircuitPython 10's `displayio` on the twin: Group, Bitmap, Palette, TileGrid, OnDiskBitmap,
ColorConverter. Nothing is drawn; each object holds on the heap what CircuitPython holds
(shared-module/displayio, shared-bindings/displayio):

- Bitmap(w, h, value_count): bits per value 1, 2, 4, 8, then +8 (16, 24, 32); rows padded to
  whole 32-bit words: stride = ceil(w * bits / 32) words, buffer = stride * 4 * h bytes.
- Palette(n): n colour entries of 12 bytes (_displayio_color_t: rgb888 u32, rgb565 u16,
  luma, hue, chroma, transparent, padded to 4 bytes).
- TileGrid: one tile index per tile, uint8 when the bitmap has at most 255 tiles, else
  uint16; on the 32-bit board up to 4 (uint8) or 2 (uint16) indices live inside the pointer
  and take no block (the twin keeps them in a small bytearray anyway).
- OnDiskBitmap(path): reads the BMP header and, for an indexed BMP, makes a Palette of its
  colours; keeps the file open (counted as FatFs's file object with its 512-byte sector
  buffer: an upper bound, FF_FS_TINY would share one buffer).
- Group: a list of layers; a layer belongs to at most one group (ValueError otherwise).

Index assignment validates as the board does: bitmap values within 0..2**bits-1, pixel and
tile coordinates in range, tile indices below the bitmap's tile count.
"""

import _twin

_twin.begin()


class _Layer:
    _parent = None

    def _adopt(self, parent):
        if self._parent is not None:
            raise ValueError("Layer already in a group")
        self._parent = parent


class Group(_Layer):
    def __init__(self, *, scale=1, x=0, y=0):
        if scale < 1:
            raise ValueError("scale must be >= 1")
        self._members = []
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False

    def _check(self, layer):
        if not isinstance(layer, (Group, TileGrid)):
            raise TypeError("Layer must be a Group or TileGrid subclass")
        g = self
        while g is not None and not isinstance(g, _Root):
            if g is layer:
                raise ValueError("Layer already in a group")
            g = g._parent

    def append(self, layer):
        self._check(layer)
        layer._adopt(self)
        self._members.append(layer)

    def insert(self, index, layer):
        self._check(layer)
        layer._adopt(self)
        self._members.insert(index, layer)

    def index(self, layer):
        return self._members.index(layer)

    def pop(self, i=-1):
        layer = self._members.pop(i)
        layer._parent = None
        return layer

    def remove(self, layer):
        self._members.remove(layer)
        layer._parent = None

    def __len__(self):
        return len(self._members)

    def __bool__(self):
        return True

    def __getitem__(self, i):
        return self._members[i]

    def __setitem__(self, i, layer):
        self._check(layer)
        old = self._members[i]
        layer._adopt(self)
        old._parent = None
        self._members[i] = layer

    def __delitem__(self, i):
        self.pop(i)

    def sort(self, key=None, reverse=False):
        self._members.sort(key=key, reverse=reverse)


class _Root:
    """The parent of a display's root group (a root group is in no other group)."""


class Bitmap:
    def __init__(self, width, height, value_count, _rom=False):
        if not 0 <= width <= 32767 or not 0 <= height <= 32767:
            raise ValueError("width and height must be 0-32767")
        if not 1 <= value_count <= 65536:
            raise ValueError("value_count must be 1-65536")
        bits = 1
        while (value_count - 1) >> bits:
            bits = bits << 1 if bits < 8 else bits + 8
        self._w = width
        self._h = height
        self._bits = bits
        self._stride = (width * bits + 31) // 32  # in 32-bit words
        self._rom = _rom
        if _rom:  # a bitmap in flash (terminalio's font): no heap, reads as 0
            self._data = None
        else:
            n = self._stride * 4 * height
            _twin.alloc(n, "Bitmap", width, height)
            self._data = bytearray(n)

    width = property(lambda self: self._w)
    height = property(lambda self: self._h)
    bits_per_value = property(lambda self: self._bits)

    def _xy(self, index):
        if isinstance(index, int):
            if not 0 <= index < self._w * self._h:
                raise IndexError("pixel coordinates out of bounds")
            return index % self._w, index // self._w
        x, y = index
        if not 0 <= x < self._w:
            raise IndexError("x must be 0-%d" % (self._w - 1))
        if not 0 <= y < self._h:
            raise IndexError("y must be 0-%d" % (self._h - 1))
        return x, y

    def __getitem__(self, index):
        # _xy's checks written out: one frame (C on the board)
        if isinstance(index, int):
            if not 0 <= index < self._w * self._h:
                raise IndexError("pixel coordinates out of bounds")
            x, y = index % self._w, index // self._w
        else:
            x, y = index
            if not (0 <= x < self._w and 0 <= y < self._h):
                self._xy(index)  # raises the board's message
        if self._data is None:
            return 0
        bit = y * self._stride * 32 + x * self._bits
        if self._bits >= 8:
            v = 0
            for k in range(self._bits // 8):
                v |= self._data[bit // 8 + k] << (8 * k)
            return v
        return (self._data[bit >> 3] >> (bit & 7)) & ((1 << self._bits) - 1)

    def __setitem__(self, index, value):
        if isinstance(index, int):
            if not 0 <= index < self._w * self._h:
                raise IndexError("pixel coordinates out of bounds")
            x, y = index % self._w, index // self._w
        else:
            x, y = index
            if not (0 <= x < self._w and 0 <= y < self._h):
                self._xy(index)  # raises the board's message
        if self._data is None:
            raise TypeError("Read-only")
        if not 0 <= value < (1 << self._bits):
            raise ValueError("value must be 0-%d" % ((1 << self._bits) - 1))
        bit = y * self._stride * 32 + x * self._bits
        if self._bits >= 8:
            for k in range(self._bits // 8):
                self._data[bit // 8 + k] = (value >> (8 * k)) & 255
        else:
            mask = ((1 << self._bits) - 1) << (bit & 7)
            b = self._data[bit >> 3]
            self._data[bit >> 3] = (b & ~mask) | (value << (bit & 7))

    def fill(self, value):
        if not 0 <= value < (1 << self._bits):
            raise ValueError("value must be 0-%d" % ((1 << self._bits) - 1))
        for y in range(self._h):
            for x in range(self._w):
                self[x, y] = value

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass

    def deinit(self):
        self._data = None


class Palette:
    def __init__(self, color_count, *, dither=False):
        if not 1 <= color_count <= 65535:
            raise ValueError("color_count must be 1-65535")
        self._n = color_count
        _twin.alloc(12 * color_count, "Palette", color_count)
        self._colors = bytearray(12 * color_count)
        self.dither = dither

    def __len__(self):
        return self._n

    def _index(self, i):
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("Palette index out of range")
        return i

    def __setitem__(self, i, color):
        i = self._index(i)
        if isinstance(color, int):
            if not 0 <= color <= 0xFFFFFF:
                raise ValueError("color must be 0x000000-0xffffff")
            rgb = color
        elif isinstance(color, (tuple, list)) and len(color) == 3:
            for c in color:
                if not 0 <= c <= 255:
                    raise ValueError("color components must be 0-255")
            rgb = color[0] << 16 | color[1] << 8 | color[2]
        elif isinstance(color, (bytes, bytearray)) and len(color) in (3, 4):
            rgb = color[0] << 16 | color[1] << 8 | color[2]
        else:
            raise TypeError("color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")
        c = self._colors
        b = i * 12
        c[b] = rgb & 255
        c[b + 1] = (rgb >> 8) & 255
        c[b + 2] = rgb >> 16

    def __getitem__(self, i):
        i = self._index(i)
        c = self._colors
        b = i * 12
        return c[b] | c[b + 1] << 8 | c[b + 2] << 16

    def make_transparent(self, i):
        self._colors[self._index(i) * 12 + 11] = 1

    def make_opaque(self, i):
        self._colors[self._index(i) * 12 + 11] = 0

    def is_transparent(self, i):
        return bool(self._colors[self._index(i) * 12 + 11])


class ColorConverter:
    def __init__(self, *, input_colorspace=None, dither=False):
        self.dither = dither
        self._transparent = None

    def make_transparent(self, color):
        self._transparent = color

    def make_opaque(self, color):
        self._transparent = None


def _le(b, i, n):
    v = 0
    for k in range(n):
        v |= b[i + k] << (8 * k)
    return v


class OnDiskBitmap:
    def __init__(self, file):
        f = open(file, "rb") if isinstance(file, str) else file
        head = f.read(54)
        if len(head) < 54 or head[0:2] != b"BM":
            raise ValueError("Invalid BMP file")
        offset = _le(head, 10, 4)
        hsize = _le(head, 14, 4)
        self._w = _le(head, 18, 4)
        h = _le(head, 22, 4)
        if h & 0x80000000:
            h = (1 << 32) - h
        self._h = h
        bpp = _le(head, 28, 2)
        comp = _le(head, 30, 4)
        if comp not in (0, 3):
            raise ValueError("Invalid BMP file: compression %d not supported" % comp)
        if bpp not in (1, 2, 4, 8, 16, 24, 32):
            raise ValueError(
                "Only monochrome, indexed 4bpp or 8bpp, and 16bpp or greater BMPs supported: %d bpp given"
                % bpp
            )
        self._bpp = bpp
        self._offset = offset
        _twin.alloc(512, "open file")
        self._sector = bytearray(512)  # FatFs file object with its sector buffer (upper bound)
        if bpp <= 8:
            ncolors = _le(head, 46, 4) or (1 << bpp)
            pal = Palette(ncolors)
            f.seek(14 + hsize)
            raw = f.read(4 * ncolors)
            for i in range(ncolors):
                pal[i] = raw[4 * i + 2] << 16 | raw[4 * i + 1] << 8 | raw[4 * i]
            self._shader = pal
        else:
            self._shader = ColorConverter()
        self._file = f

    width = property(lambda self: self._w)
    height = property(lambda self: self._h)
    pixel_shader = property(lambda self: self._shader)

    def __getitem__(self, index):
        x, y = index if not isinstance(index, int) else (index % self._w, index // self._w)
        if not (0 <= x < self._w and 0 <= y < self._h):
            raise IndexError("pixel coordinates out of bounds")
        if self._bpp != 4:
            return 0
        stride = ((self._w * 4 + 31) // 32) * 4
        self._file.seek(self._offset + (self._h - 1 - y) * stride + x // 2)
        b = self._file.read(1)[0]
        return (b & 15) if x & 1 else (b >> 4)

    def deinit(self):
        self._file.close()


class TileGrid(_Layer):
    def __init__(
        self,
        bitmap,
        *,
        pixel_shader,
        width=1,
        height=1,
        tile_width=None,
        tile_height=None,
        default_tile=0,
        x=0,
        y=0,
    ):
        if not isinstance(bitmap, (Bitmap, OnDiskBitmap)):
            raise TypeError("unsupported bitmap type")
        if not isinstance(pixel_shader, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type")
        bw, bh = bitmap.width, bitmap.height
        tile_width = bw if not tile_width else tile_width
        tile_height = bh if not tile_height else tile_height
        if tile_width < 1 or tile_height < 1:
            raise ValueError("tile_width and tile_height must be >= 1")
        if bw % tile_width:
            raise ValueError("Tile width must exactly divide bitmap width")
        if bh % tile_height:
            raise ValueError("Tile height must exactly divide bitmap height")
        if width < 1 or height < 1:
            raise ValueError("width and height must be >= 1")
        if not 0 <= default_tile <= 65535:
            raise ValueError("default_tile must be 0-65535")
        self._bitmap = bitmap
        self._shader = pixel_shader
        self._w = width
        self._h = height
        self._tw = tile_width
        self._th = tile_height
        self._ntiles = (bw // tile_width) * (bh // tile_height)
        wide = self._ntiles > 255
        total = width * height
        if total > (2 if wide else 4):  # more than fit inside a 32-bit pointer
            _twin.alloc(total * (2 if wide else 1), "TileGrid tiles", width, height)
        if wide:
            from array import array

            self._tiles = array("H", range(total))
        else:
            self._tiles = bytearray(total)
        for i in range(total):
            self._tiles[i] = default_tile & (0xFFFF if wide else 255)
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False

    width = property(lambda self: self._w)
    height = property(lambda self: self._h)
    tile_width = property(lambda self: self._tw)
    tile_height = property(lambda self: self._th)

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, shader):
        if not isinstance(shader, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type")
        self._shader = shader

    @property
    def bitmap(self):
        return self._bitmap

    @bitmap.setter
    def bitmap(self, bitmap):
        if not isinstance(bitmap, (Bitmap, OnDiskBitmap)):
            raise TypeError("unsupported bitmap type")
        if bitmap.width != self._bitmap.width or bitmap.height != self._bitmap.height:
            raise ValueError("New bitmap must be same size as old bitmap")
        self._bitmap = bitmap

    def _at(self, index):
        if isinstance(index, int):
            if not 0 <= index < self._w * self._h:
                raise IndexError("Tile index out of bounds")
            return index
        x, y = index
        if not (0 <= x < self._w and 0 <= y < self._h):
            raise IndexError("Tile index out of bounds")
        return y * self._w + x

    def __getitem__(self, index):
        # _at written out: one frame (C on the board; the AI's thinking indicator writes tiles)
        if isinstance(index, int):
            if not 0 <= index < self._w * self._h:
                raise IndexError("Tile index out of bounds")
            return self._tiles[index]
        return self._tiles[self._at(index)]

    def __setitem__(self, index, value):
        if isinstance(index, int):
            if not 0 <= index < self._w * self._h:
                raise IndexError("Tile index out of bounds")
            i = index
        else:
            x, y = index
            if not (0 <= x < self._w and 0 <= y < self._h):
                raise IndexError("Tile index out of bounds")
            i = y * self._w + x
        if not 0 <= value <= 65535:
            raise ValueError("tile must be 0-65535")
        if value >= self._ntiles:
            raise ValueError("Tile index out of bounds")
        self._tiles[i] = value

    def contains(self, touch_tuple):
        x, y = touch_tuple[0], touch_tuple[1]
        return self.x <= x < self.x + self._w * self._tw and self.y <= y < self.y + self._h * self._th


def release_displays():
    pass


_twin.loaded()
