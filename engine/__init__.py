"""Rules of Schotten Totten, claim proofs, notation and AI: pure Python, no I/O."""
