"""Every fault the sandbox injects reaches the caller as its typed error, with what the worker needs to act
on it (the rate limit's wait, the token's subcode), and the next call after the fault succeeds."""
import pytest

from app.graph import GraphClient, PermissionDenied, RateLimited, TokenInvalid, Transient


def read_page(graph, world):
    return graph.page(world.page["id"], world.page_token, "name")


@pytest.mark.parametrize("code", [4, 17, 32, 613, 80001])
def test_rate_limit_fault_is_rate_limited_with_a_wait(sandbox, graph, world, code):
    sandbox.admin.fault("rate_limit", scope=world.page["id"], code=code, count=1)

    with pytest.raises(RateLimited) as limited:
        read_page(graph, world)

    assert limited.value.code == code
    assert limited.value.retry_after >= 60
    assert read_page(graph, world)["name"] == "Boutique Amira"


def test_wait_follows_the_business_usage_header_minutes(sandbox, graph, world):
    sandbox.admin.fault("rate_limit", scope=world.page["id"], code=80001, count=1, regain_minutes=7)

    with pytest.raises(RateLimited) as limited:
        read_page(graph, world)

    assert limited.value.retry_after == 7 * 60


def test_expired_token_fault_is_token_invalid(sandbox, graph, world):
    sandbox.admin.fault("token_expired", scope=world.page["id"], count=1)

    with pytest.raises(TokenInvalid) as refused:
        graph.like(sandbox.admin.comment(world.post["id"], "Prix ?")["id"], world.page_token)

    assert refused.value.code == 190
    assert refused.value.subcode == 463


def test_permission_fault_is_permission_denied(sandbox, graph, world):
    sandbox.admin.fault("permission", scope=world.page["id"], count=1)

    with pytest.raises(PermissionDenied):
        read_page(graph, world)


def test_server_error_fault_is_transient(sandbox, graph, world):
    sandbox.admin.fault("server_error", scope=world.page["id"], count=1)

    with pytest.raises(Transient) as failed:
        read_page(graph, world)

    assert failed.value.status >= 500
    assert read_page(graph, world)["name"] == "Boutique Amira"


def test_slow_graph_beyond_the_timeout_is_transient(sandbox, world):
    impatient = GraphClient(sandbox.url, "v23.0", sandbox.app_id, sandbox.app_secret, timeout=0.3)
    sandbox.admin.fault("slow", scope=world.page["id"], delay_ms=1500, count=1)

    with pytest.raises(Transient):
        read_page(impatient, world)


def test_fault_on_one_page_leaves_other_pages_alone(sandbox, graph, world):
    other = sandbox.admin.page("Autre boutique", [world.user["id"]])
    sandbox.admin.fault("rate_limit", scope=world.page["id"], code=32, count=1)

    assert graph.page(other["id"], other["access_token"], "name")["name"] == "Autre boutique"
    with pytest.raises(RateLimited):
        read_page(graph, world)


def test_proxy_settings_of_the_environment_are_honoured(sandbox, world, monkeypatch):
    # The sandbox answers absolute-form requests too, so it stands in for an HTTP proxy: a Graph host that does not
    # resolve is reached through it, and no longer once NO_PROXY names that host.
    monkeypatch.setenv("HTTP_PROXY", sandbox.url)
    through_proxy = GraphClient("http://graph.invalid", "v23.0", sandbox.app_id, sandbox.app_secret, timeout=5.0)
    assert read_page(through_proxy, world)["name"] == "Boutique Amira"

    monkeypatch.setenv("NO_PROXY", "graph.invalid")
    direct = GraphClient("http://graph.invalid", "v23.0", sandbox.app_id, sandbox.app_secret, timeout=5.0)
    with pytest.raises(Transient):
        read_page(direct, world)
