"""Property-based API tests: schemathesis generates requests from ``/openapi.json`` in every
phase (examples, coverage, fuzzing) and, statefully, chains them along the links it infers
(a created game's id and seat tokens into its state, moves, actions, reviews; a seek into its
accept); no request may get a server error (5xx).

The default run keeps a few examples per operation and short scenarios (about a minute);
``SOLVER_API_EXAMPLES=200 python3 -m pytest tests/server/test_api_properties.py`` searches
harder.
"""

from __future__ import annotations

import os
import warnings

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, Phase, settings  # noqa: E402

from solver.server.app import create_app  # noqa: E402
from solver.server.computers import ComputerPool  # noqa: E402
from solver.server.workers import WorkerPool  # noqa: E402

warnings.filterwarnings("ignore", message=".*httpx2.*")

# the searches are bounded (one worker, at most one waiting, a second or two each), so the
# arrangements page's endpoints are tested too
APP = create_app(":memory:", computers=ComputerPool(kind="thread"), max_games_per_client=10000,
                 searches=WorkerPool(1, nice=10, max_waiting=1, name="search"),
                 search_limits={"search": 1.0, "puzzle": 2.0})
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
EXAMPLES = int(os.environ.get("SOLVER_API_EXAMPLES", "8"))
NO_SERVER_ERROR = [schemathesis.checks.not_a_server_error]


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_server_error(case: schemathesis.Case) -> None:
    # 30 s: the first BackSlide deal of a process finds the 652 solved positions (about 2 s
    # alone, more on a loaded machine) and must not fail for the client's patience
    response = case.call(timeout=30)
    assert response.status_code < 500, (case.method, case.path, response.text[:300])
    case.validate_response(response, checks=NO_SERVER_ERROR)


class Workflow(schema.as_state_machine()):  # type: ignore[misc]
    """Scenarios of linked calls; only server errors fail them."""

    def validate_response(self, response, case, additional_checks=None, **kwargs):  # type: ignore[no-untyped-def]
        assert response.status_code < 500, (case.method, case.path, response.text[:300])
        case.validate_response(response, checks=NO_SERVER_ERROR)


TestStateful = Workflow.TestCase
TestStateful.settings = settings(max_examples=max(4, EXAMPLES // 2), stateful_step_count=6,
                                 deadline=None, derandomize=True, phases=[Phase.generate],
                                 suppress_health_check=list(HealthCheck))
