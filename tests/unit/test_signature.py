"""The gateway's formulas (docs/card-gateway.md) against known vectors, computed apart with `sha1sum` / `md5sum`
(e.g. printf '%s' 'MAR1234s3cret-passORD-4245000TND' | sha1sum)."""
from app.services.billing import gateway

SETTINGS = {"GATEWAY_SITE": "MAR1234", "GATEWAY_PASSWORD": "s3cret-pass", "GATEWAY_VAD": "VAD-1",
            "GATEWAY_TERMINALS": "TND:001,EUR:003,USD:004"}
FORM_TND = "26d4f8b8a6c6ac151014b5fffe48e27aaa7a8437"  # MAR1234 s3cret-pass ORD-42 45000 TND
FORM_EUR = "93722746328d11df502682de54b31d2bc5516682"  # MAR1234 s3cret-pass ORD-42 16200 EUR
NEWER_PAID = "05dece034d38a90bd06b3c64714d6081a60164f9"  # 00 ORD-42 s3cret-pass
PASSWORD_MD5 = "6e8659c11b3c058f2e5ab7febeb14e64"


def order(**overrides) -> gateway.Order:
    fields = {"order_id": "ORD-42", "amount_minor": 45000, "currency": "TND", "amount_tnd": "45.000",
              "rate_to_tnd": "1", "products": "Agencies", "language": "fr", "first_name": "Amira",
              "last_name": "Ben Salah", "email": "amira@example.com", "address": "Tunis"}
    return gateway.Order(**{**fields, **overrides})


def test_form_signature_is_sha1_of_site_password_order_amount_currency():
    assert gateway.form_signature("MAR1234", "s3cret-pass", "ORD-42", "45000", "TND") == FORM_TND
    assert gateway.form_signature("MAR1234", "s3cret-pass", "ORD-42", "16200", "EUR") == FORM_EUR


def test_the_form_carries_the_md5_of_the_password_never_the_password():
    form = gateway.checkout_form(SETTINGS, order())
    assert form["Password"] == PASSWORD_MD5 and form["signature"] == FORM_TND
    assert "s3cret-pass" not in "".join(form.values())
    assert (form["NumSite"], form["Amount"], form["Currency"], form["Terminal"], form["vad"]) == (
        "MAR1234", "45000", "TND", "001", "VAD-1")


def test_a_foreign_currency_form_shows_the_tnd_amount_and_rate():
    form = gateway.checkout_form(SETTINGS, order(amount_minor=16200, currency="EUR", amount_tnd="550.800",
                                                 rate_to_tnd="3.400000"))
    assert (form["signature"], form["Terminal"], form["AmountSecond"], form["TauxConversion"]) == (
        FORM_EUR, "003", "550.800", "3.400000")


def test_newer_notification_signature_and_its_check_in_any_case():
    assert gateway.newer_notification_signature("00", "ORD-42", "s3cret-pass") == NEWER_PAID
    for signature in (NEWER_PAID, NEWER_PAID.upper()):
        notification = gateway.read_notification({"TransStatus": "00", "PAYID": "ORD-42", "Signature": signature}, None)
        assert notification.shape == "newer" and gateway.signature_is_valid(SETTINGS, notification)


def test_older_notification_signature_holds_the_amount_and_currency():
    body = {"T1": {"TransStatus": "00", "PAYID": "ORD-42", "TotalAmount": "45000", "Currency": "TND",
                   "Signature": FORM_TND}}
    notification = gateway.read_notification({}, body)
    assert notification.shape == "older" and gateway.signature_is_valid(SETTINGS, notification)
    altered = gateway.read_notification({}, {"T1": {**body["T1"], "TotalAmount": "4500"}})
    assert not gateway.signature_is_valid(SETTINGS, altered)


def test_a_notification_signed_with_another_status_or_password_is_refused():
    refused_signature = gateway.newer_notification_signature("05", "ORD-42", "s3cret-pass")
    forged = gateway.read_notification({"TransStatus": "00", "PAYID": "ORD-42", "Signature": refused_signature}, None)
    assert not gateway.signature_is_valid(SETTINGS, forged)
    wrong_password = gateway.newer_notification_signature("00", "ORD-42", "guess")
    assert not gateway.signature_is_valid(SETTINGS, gateway.read_notification(
        {"TransStatus": "00", "PAYID": "ORD-42", "Signature": wrong_password}, None))


def test_the_older_shape_also_arrives_as_a_json_string_in_a_form_field():
    inner = '{"TransStatus": "06", "PAYID": "ORD-42", "TotalAmount": "45000", "Currency": "TND", "Signature": "x"}'
    notification = gateway.read_notification({"T9": inner}, None)
    assert (notification.shape, notification.status, notification.pay_id) == ("older", "06", "ORD-42")


def test_anything_else_is_no_notification():
    for form, body in (({}, None), ({"a": "1", "b": "2"}, None), ({"T1": "not json"}, None), ({}, ["list"])):
        assert gateway.read_notification(form, body) is None


def test_a_notification_with_control_characters_is_none():
    for fields in ({"TransStatus": "00", "PAYID": "ORD\x00-42", "Signature": NEWER_PAID},
                   {"TransStatus": "00", "PAYID": "ORD-42", "Signature": NEWER_PAID, "x\ud800": "1"}):
        assert gateway.read_notification(fields, None) is None
