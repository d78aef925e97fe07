"""Makes the sandbox fixtures available to these tests even before the root conftest registers them."""
from tests.fixtures.sandbox import sandbox, sandbox_server  # noqa: F401
