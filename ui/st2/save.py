"""The second game's saved match read back (ui.resume.session, for a saved game of the second
game): loaded for a resume and let go of after it, with engine.st2.record. The bytes are
ui.st2.session.Session.pack's: its header (version, game, variant, role, match kind, seed),
then 5 bytes this game leaves 0, then the match's packed record (engine.st2.record: every
game of the match, its seed and moves). Writing them compiles nothing: Session.pack packs
with engine.st2.match.pack_games, in RAM with the game.
"""

from ui.session import _round_seed, room
from ui.st2.session import ROOM, Game, Session


def _let_go():
    from ui.unload import unload as _unload

    _unload(("engine.st2.record", "ui.st2.save"))


def unpack(data, settings, chooser=None):
    """A Session from pack() bytes (ui.resume.session, for a saved game of the second game);
    IllegalMove if they do not match the settings or do not replay exactly."""
    from engine.errors import IllegalMove
    from engine.st2.record import unpack as unrec

    if len(data) < 14 + 4:
        raise IllegalMove("the saved game is too short")
    seed = (data[5] << 24) | (data[6] << 16) | (data[7] << 8) | data[8]
    rec = unrec(data[14:])
    if rec.variant != settings.variant or rec.mode != settings.kind or not rec.games:
        raise IllegalMove("the saved game does not match its settings")
    games = []
    for i in range(len(rec.games)):
        sd, moves = rec.games[i]
        if sd != _round_seed(seed, i):
            raise IllegalMove("the saved game does not match its match")
        moves = room(moves, ROOM[settings.variant]) if i == len(rec.games) - 1 else list(moves)
        games.append(Game(sd, settings.variant, moves))
    _let_go()
    s = Session(settings, seed, chooser, games)
    if s.match.over():
        raise IllegalMove("the saved match is over")
    return s
