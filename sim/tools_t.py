"""The desktop tools' picture of a tactic game (python -m sim replay of a `variant tactic`
record): sim.tools.board_text hands tactic States here."""

from engine.st1.table import NSTONES
from engine.st1.tactic.table import cname

_W = 5  # cell width: "G7", "JOKER", "SHIEL"


def _cell(c):
    t = cname(c)[:_W] if c is not None else ".."
    return t + " " * (_W - len(t))


def board_text_t(st):
    """Player 2's side on top (four rows: Mud Fight), the stones with their combat modes, then
    player 1's side; elite troops' values once claimed, the discard and the decks below."""
    rows = []
    for p, label in ((1, "P2"), (0, "P1")):
        for k in (3, 2, 1, 0) if p == 1 else (0, 1, 2, 3):
            cells = []
            for s in range(NSTONES):
                side = st.side(s, p)
                cells.append(_cell(side[k] if k < len(side) else None))
            rows.append("%s  %s" % (label if k == (3 if p == 1 else 0) else "  ", " ".join(cells)))
        if p == 1:
            marks = []
            for s in range(NSTONES):
                o = st.owner[s]
                m = st.mode[s]
                modes = ("B" if m & 1 else "") + ("M" if m & 2 else "")
                t = "[%s]%s" % ("12"[o - 1] if o else str(s + 1), modes)
                marks.append(t + " " * (_W - len(t)))
            rows.append("    " + " ".join(marks))
    vals = []
    for e in range(4):
        if st.ev[e] != 255:
            vals.append("%s=%s" % (cname(54 + e), cname(st.ev[e])))
    if vals:
        rows.append("elite troops: " + " ".join(vals))
    rows.append("discard: " + (" ".join([cname(c) for c in st.discard()]) or "-"))
    rows.append(
        "clan deck %d  tactic deck %d  turn %d  stones P1 %d P2 %d"
        % (st.ndeck, st.ntdeck, st.turn, st.stones_of(0), st.stones_of(1))
    )
    return "\n".join(rows)
