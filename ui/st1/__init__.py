"""The first game's own screens (Schotten Totten) beyond the shared ones at ui/'s root: the end
of a round (ending), and its tactic variant's table (tactic), rarer words and keys
(tactic_info) and help pages (tactic_help). Imported only while it is played."""
