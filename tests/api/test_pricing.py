"""The public pricing catalogue (spec 001 §3 "Pricing plan", §9)."""


def test_pricing_lists_the_four_plans_in_order_with_prices_in_three_currencies(client):
    answer = client.get("/api/v1/pricing/pricing")
    assert answer.status_code == 200
    body = answer.get_json()
    plans = body["data"]
    assert [plan["name"] for plan in plans] == ["Free Trial", "SME/Artisans", "Agencies", "Premium"]
    trial, sme = plans[0], plans[1]
    assert (trial["label"], trial["label_fr"], trial["validityDays"], trial["selectable"]) == (
        "Free Offer", "Offre gratuite", 15, False)
    assert (sme["payement"], sme["payement_fr"], sme["payment_do"]) == (49.0, 15.0, 16.0)
    assert (sme["number_pages"], sme["number_agent"], sme["number_autoReply"], sme["number_user"]) == (2, 5, 3000, 3)
    assert sme["number_autoReply_en"] == "3,000 automatic replies a month"
    assert sme["number_autoReply_fr"] == "3 000 réponses automatiques par mois"
    assert sme["company_fr"] == "PME et artisans" and sme["history"] is True


def test_totals_take_the_six_and_twelve_month_discounts(client):
    agencies = client.get("/api/v1/pricing/pricing").get_json()["data"][2]
    # 149 TND a month: 6 months less 5 %, 12 months less 10 %.
    assert agencies["totals"]["TND"] == {"1": 149.0, "6": 849.3, "12": 1609.2}
    assert agencies["totals"]["EUR"] == {"1": 45.0, "6": 256.5, "12": 486.0}
    periods = client.get("/api/v1/pricing/pricing").get_json()["periods"]
    assert periods == [{"months": 1, "discount": 0}, {"months": 6, "discount": 5}, {"months": 12, "discount": 10}]


def test_currencies_carry_iso_keys_and_the_specified_terminals(client):
    body = client.get("/api/v1/pricing/pricing").get_json()
    assert body["currencies"] == [{"id": "TND", "key": 788, "value": "DT", "terminal": "001"},
                                  {"id": "EUR", "key": 978, "value": "€", "terminal": "003"},
                                  {"id": "USD", "key": 840, "value": "$", "terminal": "004"}]


def test_the_region_picks_the_currency(client):
    currency_of = {country: client.get(f"/api/v1/pricing/pricing?country={country}").get_json()["currency"]
                   for country in ("TN", "fr", "DE", "US", "CA")}
    assert currency_of == {"TN": "TND", "fr": "EUR", "DE": "EUR", "US": "USD", "CA": "USD"}
    assert client.get("/api/v1/pricing/pricing").get_json()["currency"] == "TND"


def test_a_malformed_country_is_refused_with_a_message(client):
    answer = client.get("/api/v1/pricing/pricing?country=France")
    assert answer.status_code == 422 and answer.get_json()["errors"]["query"]["country"]


def test_limit_texts_are_the_screens_words_singular_included(client):
    """The display variants are the frontend's locale texts (billing.json pricing.*), plural rules included: the
    trial's one agent and one member are singular, and French says "0 page sociale" as the pricing card does."""
    trial = client.get("/api/v1/pricing/pricing").get_json()["data"][0]
    assert (trial["number_agent_en"], trial["number_user_en"], trial["number_pages_en"]) == (
        "1 active agent", "1 team member", "0 social pages")
    assert (trial["number_agent_fr"], trial["number_user_fr"], trial["number_pages_fr"]) == (
        "1 agent actif", "1 membre d'équipe", "0 page sociale")
