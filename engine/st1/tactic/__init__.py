"""Schotten Totten's tactic variant (the 2016 rulebook's "Tactic variant"): its State
(engine.st1.tactic.state), table and moves (table), turn steps (turn, ruse), legal moves
(legal), proofs with tactic cards (prove), a player's View (view), text notation and random
play (notation, play: desktop only). Loaded only when a tactic game is played."""
