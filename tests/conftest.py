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
