"""CircuitPython's built-in `adafruit_pixelbuf` on the twin: PixelBuf, as the bundled
neopixel library subclasses it. Allocation as shared-module/adafruit_pixelbuf/PixelBuf.c:
the transmit buffer (header + n * bpp + trailer) and, when brightness is not 1, a second
buffer of the colours before brightness."""

import _twin

_twin.begin()


class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=0, auto_write=False, header=b"", trailer=b""):
        # As bytes: a character of a str is a one-character qstr, interned (C on the board).
        ob = byteorder.encode()
        if len(ob) not in (3, 4) or any(c not in b"RGBW" for c in ob):
            raise ValueError("Invalid byteorder string")
        self._n = size
        self._order = byteorder
        self._ob = ob
        self._bpp = len(byteorder)
        n = header and len(header) or 0
        self._head = n
        self._buf = bytearray(n + size * self._bpp + (trailer and len(trailer) or 0))
        _twin.alloc(len(self._buf), "pixel buffer")
        self._pre = None
        self._brightness = 1.0
        self.brightness = brightness
        self.auto_write = auto_write

    @property
    def bpp(self):
        return self._bpp

    @property
    def byteorder(self):
        return self._order

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        value = min(max(float(value), 0.0), 1.0)
        if value != 1.0 and self._pre is None:
            self._pre = bytearray(self._n * self._bpp)
        self._brightness = value

    def __len__(self):
        return self._n

    def _rgb(self, color):
        if isinstance(color, int):
            return (color >> 16) & 255, (color >> 8) & 255, color & 255
        if len(color) not in (3, 4):
            raise ValueError("Expected tuple of length 3 or 4")
        return color[0], color[1], color[2]

    def _set(self, i, color):
        r, g, b = self._rgb(color)
        base = i * self._bpp
        for k in range(self._bpp):
            c = self._ob[k]
            v = r if c == 82 else g if c == 71 else b if c == 66 else 0  # R G B (W: 0)
            if self._pre is not None:
                self._pre[base + k] = v
                v = int(v * self._brightness)
            self._buf[self._head + base + k] = v

    def __setitem__(self, i, color):
        if isinstance(i, slice):
            idx = range(self._n)[i]
            for j in range(len(idx)):
                self._set(idx[j], color[j])
        else:
            if i < 0:
                i += self._n
            if not 0 <= i < self._n:
                raise IndexError("index out of range")
            self._set(i, color)
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("index out of range")
        src = self._pre if self._pre is not None else self._buf
        off = 0 if self._pre is not None else self._head
        base = off + i * self._bpp
        out = {}
        for k in range(self._bpp):
            out[self._order[k]] = src[base + k]
        return (out["R"], out["G"], out["B"])

    def fill(self, color):
        for i in range(self._n):
            self._set(i, color)
        if self.auto_write:
            self.show()

    def show(self):
        self._transmit(self._buf)


_twin.loaded()
