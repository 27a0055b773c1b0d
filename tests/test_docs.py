"""Every example in docs/NOTATION.md is run (issue 12, item 12: its record did not replay):
positions parse and print back the same, records replay (their result checked), and each
`$ echo ... | python -m sim prove` answers exactly the line under it."""

import json
import os
import re
import subprocess
import sys

from tests.mp_util import ROOT

DOC = os.path.join(ROOT, "docs", "NOTATION.md")
PROVE = re.compile(r"^\$ echo '(.*)' \| python -m sim prove$")


def blocks():
    """The fenced code blocks of NOTATION.md: (line number, [lines])."""
    out = []
    cur = None
    with open(DOC, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("```"):
                if cur is None:
                    cur = (no, [])
                else:
                    out.append(cur)
                    cur = None
            elif cur is not None:
                cur[1].append(line)
    assert cur is None, "an unclosed code block"
    return out


def kind(lines):
    first = next(x for x in lines if x.strip() and not x.startswith("#"))
    for k in ("ST1 ", "ST2 ", "ST2T ", "game st1", "game st2", "$ "):
        if first.startswith(k):
            return k.strip()
    raise AssertionError("an example of no known kind: %r" % first)


def test_every_example_in_notation_md_works():
    from engine.notation import parse_position as parse1
    from engine.notation import position_text as text1
    from engine.record_text import replay_text as replay1
    from engine.st2.notation import parse_position as parse2
    from engine.st2.notation import position_text as text2
    from engine.st2.recordtext import replay_text as replay2

    seen = {}
    requests, answers = [], []
    for no, lines in blocks():
        k = kind(lines)
        seen[k] = seen.get(k, 0) + 1
        text = "\n".join(lines) + "\n"
        if k == "ST1":
            assert text1(parse1(lines[0])) == lines[0], no
        elif k in ("ST2", "ST2T"):
            assert text2(parse2(lines[0])) == lines[0], no
        elif k == "game st1":
            rec, st = replay1(text)
            assert rec.result is not None and st.winner == rec.result[0], no
        elif k == "game st2":
            rec, match, st = replay2(text)
            assert rec.result is not None and match.winner() == rec.result[0], no
        else:
            for i in range(0, len(lines), 2):
                m = PROVE.match(lines[i])
                assert m, (no + 1 + i, lines[i])
                requests.append(m.group(1))
                answers.append(json.loads(lines[i + 1]))
    assert seen == {"ST1": 2, "ST2": 1, "ST2T": 1, "game st1": 2, "game st2": 2, "$": 2}
    r = subprocess.run(
        [sys.executable, "-m", "sim", "prove"],
        cwd=ROOT,
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert [json.loads(x) for x in r.stdout.splitlines()] == answers


def test_docs_cite_nothing_outside_the_repository():
    """Issue 12, item 14: docs/RULES.md pointed at ../shared/, which a reader does not have."""
    paths = [os.path.join(ROOT, "README.md")]
    paths += [
        os.path.join(ROOT, "docs", f)
        for f in sorted(os.listdir(os.path.join(ROOT, "docs")))
        if f.endswith(".md")
    ]
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        assert "../shared" not in text and "shared/DESIGN" not in text, path
