"""Property-based API tests: schemathesis generates requests from ``/openapi.json``; no request
may get a server error (5xx) or an answer that breaks the documented schema.

The default run keeps a few examples per operation; ``SOLVER_API_EXAMPLES=200 python3 -m pytest
tests/server/test_api_properties.py`` searches harder.
"""

from __future__ import annotations

import os
import warnings

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from solver.server.app import create_app  # noqa: E402
from solver.server.engines import EnginePool  # noqa: E402

warnings.filterwarnings("ignore", message=".*httpx2.*")

APP = create_app(":memory:", engines=EnginePool(kind="thread"), max_games_per_client=10000)
# the engines' endpoints (hint, solution, puzzle) have their own tests: a search per example
# would make this run long
schema = schemathesis.openapi.from_asgi("/openapi.json", APP).exclude(
    path_regex="/api/arrange/(hint|solution|puzzle)")
EXAMPLES = int(os.environ.get("SOLVER_API_EXAMPLES", "8"))


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_server_error(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text[:300])
    case.validate_response(response, checks=[schemathesis.checks.not_a_server_error])
