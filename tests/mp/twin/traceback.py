"""CircuitPython 10's `traceback`: format_exception returns a ONE-item list holding the whole
text (unlike CPython's list of lines); print_exception prints it."""

import io
import sys


def format_exception(exc, value=None, tb=None, limit=None, chain=True):
    if value is not None:
        exc = value
    buf = io.StringIO()
    sys.print_exception(exc, buf)
    return [buf.getvalue()]


def print_exception(exc, value=None, tb=None, limit=None, file=None, chain=True):
    if value is not None:
        exc = value
    sys.print_exception(exc, sys.stdout if file is None else file)
