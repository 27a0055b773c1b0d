"""Schotten Totten 2 (the siege): rules, proofs, notation and the revenge match. No I/O.

Nothing here imports the first game's modules (engine.st1, engine.cards, ...): only the shared
foundations engine.rng, engine.errors and engine.text. The game's one entry point is
engine.st2.game.
"""
