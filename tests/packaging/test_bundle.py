"""The built bundle (dist/chan-tutor/, `make dist`): the checks of tools/check_bundle.py.

Skipped when the bundle has not been built: `make test` runs before `make dist` in CI, which
then runs tools/check_bundle.py itself (.ci/run). After `make dist`, `make test` runs these too.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


def load_checks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_bundle", ROOT / "tools/check_bundle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


check_bundle = load_checks()
EXE = check_bundle.DEFAULT_BUNDLE / check_bundle.exe_name()

pytestmark = pytest.mark.skipif(not EXE.is_file(),
                                reason="no bundle: build it with `make dist`")


@pytest.fixture(scope="module")
def ctx() -> Iterator[object]:
    context = check_bundle.Context(check_bundle.DEFAULT_BUNDLE)
    yield context
    context.cleanup()


@pytest.mark.parametrize("name", list(check_bundle.CHECKS))
def test_bundle(ctx: object, name: str) -> None:
    try:
        check_bundle.CHECKS[name](ctx)
    except check_bundle.CheckFailed as error:
        pytest.fail(str(error), pytrace=False)
