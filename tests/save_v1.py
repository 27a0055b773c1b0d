"""A save made by the game before issue 11 (commit c0c3d8b, store format 1, settings and game
version 1): the two slots of its save area, the game bytes inside and what they hold, for the
tests that migrate it (tests/test_store.py, test_session.py, test_ui.py).

Made on the headless simulator by that commit's code: settings 1999 timing, AI Easy, a match
of 3 rounds, manual claims, sound on, the other player starts (App.settings set, then saved);
"New game" (App seed 31, a first-legal-move AI), round 1 played to its end by keys (A, A;
B in claim steps: the human lost it), then 4 human turns of round 2; the save area's bytes
written then (slot 0 newest, sequence 19; slot 1 the save before it, sequence 18).
"""

SLOT0 = bytes.fromhex(
    "535473760100bf00130000000d36e26607010100030001010000000000000000000000000000000000000000"
    "0000000000000000000000000000010000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000003100010000001f030100050112000300001f0e02"
    "4900360249000502490075024900320249009002490020024900d002490070"
)
SLOT1 = bytes.fromhex(
    "535473760100b70012000000fc0d8a6b07010100030001010000000000000000000000000000000000000000"
    "0000000000000000000000000000010000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000002900010000001f030100050112000300001f0e02"
    "4900360249000502490075024900320249009002490020"
)
GAME = bytes.fromhex(
    "010000001f030100050112000300001f0e024900360249000502490075024900320249009002490020024900d002490070"
)
SETTINGS = b"\x01\x01\x00\x03\x00\x01\x01"  # v1: 1999, AI Easy, 3 rounds, manual, sound, other
MOVES = [585, 54, 585, 5, 585, 117, 585, 50, 585, 144, 585, 32, 585, 208, 585, 112]
SEED = 31  # the match's
PLAYED = 1  # rounds played
SCORES = [0, 5]
NEXT_FIRST = 1
LOSSES_EASY = 1  # round 1, lost against AI Easy (the statistics' only count)
POSITION = (
    "ST1 1999 p2 claim w- t8 n8 f2 h1=B7.P3.P4.P8.G4.B4 h2=B1.B3.G1.B8.P5.B9 d=B5.O2.P2.O7.Y1.Y"
    "4.Y7.O3.R3.Y9.Y5.G9.G2.P6.R2.P1.B6.O1.R5.G3.R9.R8.Y3.O9.G5.Y8.G8.O6.B2.G6.Y2.P9.G7.P7 s1=-/R7.O5.O8@5/- s2=-/Y6/- s3=-/-/- s4=-/-/- s5=O4/-/- s6=R1.R6.R4@6/-/- s7=-/-/- s8=-/-/- s9=-/-/-"
)


def area():
    """The whole 8192-byte save area of that moment."""
    mem = bytearray(b"\xff" * 8192)
    mem[0 : len(SLOT0)] = SLOT0
    mem[4096 : 4096 + len(SLOT1)] = SLOT1
    return mem
