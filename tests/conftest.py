"""`--long`: also run the tests marked `long` (`make long-test`); without it they are left out
of the run, so `make test` (CI) stays quick. A long test is the rest of a sample whose first
part runs in CI: the same checks on more games."""


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", help="run the long tests too (make long-test)")


def pytest_configure(config):
    config.addinivalue_line("markers", "long: part of make long-test, left out of make test")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--long"):
        return
    keep = [i for i in items if i.get_closest_marker("long") is None]
    if len(keep) < len(items):
        config.hook.pytest_deselected(items=[i for i in items if i.get_closest_marker("long") is not None])
        items[:] = keep


import sys  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _keep_game_modules():
    """The App lets go of the engine's modules at the title (engine.ai's, the game object's:
    ui/app.py): put back the ones the test process had, so that later tests keep the module
    objects (and classes) they imported."""
    kept = {k: v for k, v in sys.modules.items() if k == "engine" or k.startswith("engine.")}
    yield
    for k, v in kept.items():
        if sys.modules.get(k) is not v:
            sys.modules[k] = v
            parent, _, child = k.rpartition(".")
            if parent in kept:
                setattr(kept[parent], child, v)
