"""The second game's screens (Schotten Totten 2): imported only while it is chosen or played.

The first game's modules reach them as `from ui.st2 import play` (board, session, menus), so
that the code loaded for the first game names only the package: each new name in the code a
game loads is a qstr for good, and the first game's base game sits a few qstrs below a
qstr-pool doubling (docs/BENCHMARKS.md, Memory).
"""
