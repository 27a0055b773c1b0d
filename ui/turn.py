"""The words and the mark of a turn (issue 36 items 2 and 4): what the other side did, said
at the start of the next human turn and at the pass-and-play hand-over, and where the table
frames it. Imported by ui.play after a turn (not while the AI thinks) and let go of with the
table's other rare code; the second game's words are ui.st2.play's."""

_RANK = b"\x02\x01\x03\x03\x00\x00\x00\x01"  # by move kind: what a turn's mark shows first


def mark_of(g, moves):
    """Where the next player's turn starts with a gold frame: the tile a cauldron or a retreat
    changed out of sight, else the card the turn `moves` played (its stone or tile once it has
    gone: a declaration took it), else a claim's or a step's target: t << 8 | card (255: the
    stone or tile itself), or -1."""
    at = -1
    best = 0
    for m in moves:
        kind, card, t, x = g.decode(m)
        if kind == 3:  # KIND_RETREAT, numbered alike in every game: its first tile
            t = 0
            while x and not x >> t & 1:
                t += 1
        r = _RANK[kind] if t >= 0 else 0
        if r > best or (r == best and r):
            best = r
            at = t << 8 | (card if kind == 0 and card >= 0 else 255)
    return at


def played_text(g, who, moves, n=-1):
    """What `who` did in moves[:n] (all: n < 0) and the automatic claims of the player to
    move in moves[n:], in 26 characters: "AI played R7 on stone 3", "AI could not play"; with
    claims "AI: R7 on 3, claimed 3 5", "You claimed 8", "AI: R7 on 3; you claimed 4"
    ("" if nothing)."""
    if g.NAME == "st2":
        from ui.st2 import play

        return play.played_text(g, who, moves, n)
    play = ""
    mine = theirs = ""
    tac = False
    for i in range(len(moves)):
        kind, card, target, _ = g.decode(moves[i])
        if kind == g.KIND_CLAIM:
            if 0 <= n <= i:
                mine += " %d" % (target + 1)
            else:
                theirs += " %d" % (target + 1)
        elif kind == g.KIND_PASS:
            play = " could not play"
        elif kind == g.KIND_PLAY and not play:
            if card >= 54:  # a tactic card (ui.st1.tactic): "AI: BANSHEE G7"
                from ui.st1.tactic import turn_text

                play = turn_text(g, moves)
                tac = True
            else:
                from engine.cards import name  # the first game's names (not loaded in the second)

                play = "%s on %d" % (name(card), target + 1)
    some = mine or theirs
    if play[:1] == " ":
        out = who + (" passed" if some else play)
    elif play:
        out = who + (": " + play if some or tac else " played " + play.replace(" on ", " on stone "))
    else:
        out = ""
    if theirs:
        out = (out + ", claimed" if out else who + " claimed") + theirs
    if mine:
        out = (out + "; you claimed" if out else "You claimed") + mine
    return out
