"""The first game's AI (base game): Easy (easy), Medium and Hard (search, judge, know),
Expert's look-ahead (lookahead, desktop only); its tactic variant's is the subpackage
engine.ai.st1.tactic. engine.ai.choose calls into it."""
