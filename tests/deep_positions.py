"""The positions where the AI's Python stack went deepest: tests/mp/deep_positions.txt.

    .venv/bin/python -m tests.deep_positions [--games 200] [--top 3]

For each ruleset and each level the device offers (Easy, Medium, Hard; a hint thinks at
Hard), tests/mp/stackprobe.py plays GAMES random games (random legal moves, the AI asked at
every position, seeds 1..GAMES) and 20 games of the AI against itself on CircuitPython's VM,
and keeps the TOP deepest decisions of each run. tests/test_stack.py replays them under the
board's 2,048-byte stack with the app's frames and a quarter spare padded below.
"""

import argparse
import os
import subprocess
from pathlib import Path

from tests.mp_util import ROOT, cpy

OUT = Path(ROOT) / "tests" / "mp" / "deep_positions.txt"
RULESETS = (("st1", "base"), ("st1", "tactic"), ("st2", "base"), ("st2", "tactic"))
LEVELS = ("easy", "medium", "hard")


def probe(cpy, game, variant, level, games, top, randomly):
    args = [cpy, "-X", "heapsize=400K", "tests/mp/stackprobe.py", game, variant, level, str(games), "1"]
    args += [str(top)] + (["--random"] if randomly else [])
    env = dict(os.environ, CIRCUITPY_PYSTACK_SIZE="3072")
    r = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, env=env, timeout=3600, check=True)
    lines = r.stdout.strip().splitlines()
    return lines[0].lstrip("# "), lines[1:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--top", type=int, default=3)
    a = ap.parse_args()
    cpy_bin = cpy()
    if cpy_bin is None:
        raise SystemExit("no CircuitPython VM: see tests/mp_util.cpy_path")
    out = ["# The AI's deepest decisions (python -m tests.deep_positions; tests/mp/stackprobe.py's lines)"]
    for game, variant in RULESETS:
        for level in LEVELS:
            for randomly, games in ((True, a.games), (False, 20)):
                head, lines = probe(cpy_bin, game, variant, level, games, a.top, randomly)
                what = "%s %s %s, %d %s games" % (game, variant, level, games, "random" if randomly else "AI")
                print(what + ": " + head, flush=True)
                out.append("# %s: %s" % (what, head))
                seen = set()
                for line in lines:
                    if line not in seen:
                        seen.add(line)
                        out.append(line)
    OUT.write_text("\n".join(out) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
