"""A finished game's record written to the device's drive (issue 12 item 10), in the text
notation of docs/NOTATION.md, so that `python -m sim replay FILE` reads it back.

ui/panel.py imports this module at a round's end only when the platform says its drive is
writable (`platform.drive_writable`: boot.py's option, docs/DEVICE.md) and lets go of it
after: nothing is loaded or written on a read-only drive. Writing never stops the game: a
full drive, an OSError or a MemoryError only means no file (`write` returns None).
"""

FOLDER = "/games"
PER_LINE = 12  # moves a line


def record_text(g, rec, winner, round_no, rounds):
    """The round's record as text: the game, the variant (a tactic game's), timing, first
    player, seed, the moves (through the game object's move_text), the result."""
    out = [
        "# %s, round %d of %d" % (g.NAME, round_no, rounds),
        "game " + g.NAME,
        "timing " + ("1999" if rec.timing else "2016"),
        "first %d" % (rec.first + 1),
        "seed %d" % rec.seed,
        "moves",
    ]
    if rec.variant:
        out.insert(2, "variant tactic")  # as engine.st1.recordtext writes it
    moves = rec.moves
    for i in range(0, len(moves), PER_LINE):
        out.append(" ".join([g.move_text(m) for m in moves[i : i + PER_LINE]]))
    if winner >= 0:
        out.append("result %d" % (winner + 1))
    return "\n".join(out) + "\n"


def path_of(g, rec, round_no):
    """A file per game: the game, the round's seed and the round (the board has no clock)."""
    return "%s/%s-%d-%d.txt" % (FOLDER, g.NAME, rec.seed, round_no)


def write(platform, g, rec, winner, round_no, rounds):
    """Write the record to the drive through `platform.write_text` (its folder made first if
    missing); its path, or None: read-only, full (the partial file removed), any error."""
    import os

    path = None
    try:
        path = path_of(g, rec, round_no)
        try:
            os.mkdir(FOLDER)
        except OSError:
            pass  # it is there (or cannot be made: write_text says so)
        if platform.write_text(path, record_text(g, rec, winner, round_no, rounds)):
            return path
    except Exception as e:  # noqa: BLE001 - a record not written never stops the game
        print("record not written:", e)
    if path is not None:
        try:
            os.remove(path)  # what a full drive left of it
        except OSError:
            pass
    return None
