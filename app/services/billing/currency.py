"""The three currencies a plan is paid in (spec 001 §9), which one a region pays in, and the rate of each in TND.

TND is the base: plans are priced in TND, EUR and USD (each its own price list), and a payment in EUR or USD also
records its value in TND at the rate of the day, read from a configurable source (`CURRENCY_RATES_URL`, an
open.er-api.com style answer for one TND). A reading is reused for `CURRENCY_RATES_TTL` seconds; when the source
does not answer, the last reading kept in Redis stands in, so a purchase never waits on a third party being up.
"""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

import requests

from app.errors import DomainError
from app.services import json_cache
from app.settings import settings_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Currency:
    code: str
    iso: int  # ISO 4217 number (the specification's table swaps TND's and USD's: docs/card-gateway.md)
    symbol: str
    minor_units: int  # the gateway's Amount is the price times this: millimes for TND, cents otherwise


CURRENCIES = {
    "TND": Currency("TND", 788, "DT", 1000),
    "EUR": Currency("EUR", 978, "€", 100),
    "USD": Currency("USD", 840, "$", 100),
}
BASE = "TND"
CENTS = Decimal("0.01")
RATE_PLACES = Decimal("0.000001")
# Spec 001 §9: the EU pays in EUR, Tunisia in TND, everyone else in USD.
EU_COUNTRIES = frozenset("AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split())
RATES_KEY = "currency:rates"  # the last reading: {"at": epoch seconds, "rates": {"EUR": "3.4", ...}} in TND


class RatesUnavailable(DomainError):
    status, code = 503, "rates_unavailable"
    message = "The currency conversion service is unavailable, try again in a moment or pay in TND"


def for_country(country: str | None) -> str:
    """The currency a buyer of this country (ISO 3166 alpha-2) pays in; TND when the country is unknown."""
    country = (country or "").strip().upper()
    if not country:
        return BASE
    if country == "TN":
        return "TND"
    return "EUR" if country in EU_COUNTRIES else "USD"


def terminals(settings: dict) -> dict[str, str]:
    """The gateway terminal of each currency, from `GATEWAY_TERMINALS` ("TND:001,EUR:003,USD:004")."""
    pairs = (item.split(":", 1) for item in settings["GATEWAY_TERMINALS"].split(",") if ":" in item)
    return {code.strip().upper(): terminal.strip() for code, terminal in pairs}


def catalogue(settings: dict) -> list[dict]:
    """Spec 001 §3 "Currency": id, key (the ISO number), value (the symbol), terminal."""
    terminal_of = terminals(settings)
    return [{"id": c.code, "key": c.iso, "value": c.symbol, "terminal": terminal_of.get(c.code, "")}
            for c in CURRENCIES.values()]


def minor_amount(amount: Decimal, code: str) -> int:
    """The integer the gateway reads: millimes for TND, cents for EUR and USD."""
    return int((amount * CURRENCIES[code].minor_units).to_integral_value(ROUND_HALF_UP))


def rate_to_tnd(settings: dict, code: str) -> Decimal:
    """How many TND one unit of `code` is worth now (1 for TND)."""
    if code == BASE:
        return Decimal(1)
    kept = _kept_reading(settings)
    fresh = kept is not None and time.time() - kept["at"] < settings_of(settings).currency_rates_ttl
    rates = kept["rates"] if fresh else _read_source(settings)
    if rates is None and kept is not None:
        log.warning("currency source unavailable: using the rates read at %s", time.ctime(kept["at"]))
        rates = kept["rates"]
    if rates is None or code not in rates:
        raise RatesUnavailable()
    return Decimal(rates[code])


def _read_source(settings: dict) -> dict[str, str] | None:
    """The source's rates turned into TND per unit, kept in Redis; None when it does not answer properly."""
    try:
        answer = requests.get(settings["CURRENCY_RATES_URL"], timeout=settings_of(settings).currency_rates_timeout)
        answer.raise_for_status()
        per_tnd = answer.json()["rates"]
        rates = {code: str((1 / Decimal(str(per_tnd[code]))).quantize(RATE_PLACES))
                 for code in CURRENCIES if code != BASE}
    except (requests.RequestException, ValueError, KeyError, TypeError, InvalidOperation, ZeroDivisionError) as error:
        log.warning("currency source %s unreadable: %s", settings["CURRENCY_RATES_URL"], error)
        return None
    if any(Decimal(rate) <= 0 for rate in rates.values()):
        log.warning("currency source %s gave a rate of zero or less", settings["CURRENCY_RATES_URL"])
        return None
    _keep_reading(settings, {"at": time.time(), "rates": rates})
    return rates


def _rates_key(settings: dict) -> str:
    return settings.get("CELERY_KEY_PREFIX", "") + RATES_KEY


def _kept_reading(settings: dict) -> dict | None:
    raw = json_cache.get(settings, _rates_key(settings))
    try:
        reading = json.loads(raw) if raw else None
    except ValueError:
        return None
    valid = isinstance(reading, dict) and isinstance(reading.get("rates"), dict) and "at" in reading
    return reading if valid else None


def _keep_reading(settings: dict, reading: dict) -> None:
    # No expiry: the last reading is the fallback for as long as the source stays away.
    if not json_cache.put(settings, _rates_key(settings), json.dumps(reading), None):
        log.warning("could not keep the currency rates in Redis")
