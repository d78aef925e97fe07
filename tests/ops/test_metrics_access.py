"""Who may read /metrics: open in development and test, restricted by a bearer token or networks elsewhere."""
import pytest

from app import create_app

PRODUCTION = {"APP_ENV": "production", "JWT_SECRET_KEY": "k" * 8 + "production-signing-key-0123456789",
              "META_APP_SECRET": "meta-app-secret-for-prod-1", "WEBHOOK_VERIFY_TOKEN": "verify-token-for-prod-1",
              "GATEWAY_PASSWORD": "gateway-pass-1", "GRAPH_API_URL": "https://graph.facebook.com",
              "LOGIN_DIALOG_URL": "https://www.facebook.com/v23.0/dialog/oauth",
              "GATEWAY_URL": "https://gateway.example/pay", "PUBLIC_URL": "https://reply.example",
              "GATEWAY_SITE": "MER20002", "GATEWAY_VAD": "vad-2", "CURRENCY_RATES_URL": "https://rates.example"}


def production_client(base_settings, **metrics_settings):
    settings = {**base_settings, **PRODUCTION, **metrics_settings}
    return create_app(settings).test_client()


def test_open_in_test_without_a_session_and_lists_the_product_metrics(client):
    answer = client.get("/metrics")

    assert answer.status_code == 200
    assert answer.content_type.startswith("text/plain")
    text = answer.get_data(as_text=True)
    for name in ("autoreply_inbox_backlog", "autoreply_inbox_oldest_age_seconds", "autoreply_actions_due",
                 'autoreply_queue_depth{queue="ingest"}', 'autoreply_scrape_source_up{source="redis"} 1.0'):
        assert name in text


def test_production_refuses_metrics_when_no_restriction_is_configured(base_settings, sandbox):
    answer = production_client(base_settings).get("/metrics")

    assert answer.status_code == 403
    assert answer.get_json()["code"] == "metrics_forbidden"


@pytest.mark.parametrize("header, status", [(None, 403), ("Bearer wrong-token-value", 403),
                                            ("Bearer scrape-token-0123456789", 200)])
def test_production_metrics_need_the_bearer_token(base_settings, sandbox, header, status):
    client = production_client(base_settings, METRICS_TOKEN="scrape-token-0123456789")

    answer = client.get("/metrics", headers={"Authorization": header} if header else {})

    assert answer.status_code == status


@pytest.mark.parametrize("networks, status", [("10.0.0.0/8", 403), ("10.0.0.0/8, 127.0.0.0/8", 200)])
def test_production_metrics_from_allowed_networks(base_settings, sandbox, networks, status):
    client = production_client(base_settings, METRICS_ALLOWED_NETWORKS=networks)

    assert client.get("/metrics").status_code == status  # the test client calls from 127.0.0.1
