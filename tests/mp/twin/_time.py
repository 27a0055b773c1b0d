"""CircuitPython's `time` on the twin under cpy, whose own `time` is built in and cannot be
shadowed on sys.path: time.py's code run in this module, which the runner puts in
sys.modules (and in code.py's globals) as `time`."""

with open(__file__.rpartition("/")[0] + "/time.py") as _f:
    exec(_f.read(), globals())
del _f
