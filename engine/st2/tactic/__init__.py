"""Schotten Totten 2's tactic variant: its State (engine.st2.tactic.state), tactic cards
(cards), action cards (steps, choice, hidden), legal moves (legal), proofs with elite troops
(forms, prove), a player's View (view), the variant's loader (load), text notation and random
play (notation, play: desktop only). Loaded only when a tactic game is played."""
