"""The owner's team administration in a browser (issue 42 §4), at 1280 and 375 px, in English and French: a member's
role changed from its row, Make owner as a labelled button on the member's row (asked first, naming the member and
the page), the invitations waiting with Send again, Send by e-mail (the address asked first), Copy the link and
Revoke; then the page handed over for real and the new owner's team as its former owner sees it. No horizontal
overflow, no CSP violation; screenshots of each state go to screens/ and /tmp/screens/.

Set-up goes through the API with the demo users' sandbox tokens (tests/e2e/screens_support.py)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.billing_support import tab
from tests.e2e.screens_support import (AMIRA_ID, KARIM_ID, KARIM_TOKEN, amira, api, api_login,  # noqa: F401
                                       assert_no_overflow, dialog_fits, join_by_api, open_signed_in, snap, team_of)
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401  (screens_dir is a fixture)

WIDTHS = {"desktop": (1280, 800), "phone": (375, 740)}
TEXTS = {
    "en": {"role": "Role of Karim Trabelsi", "admin": "Invited admin", "member": "Invited member",
           "makeOwner": "Make Karim Trabelsi the owner", "handTitle": "Hand the page over",
           "handText": "Make Karim Trabelsi the owner of Maison Jasmin?", "cancel": "Cancel", "confirm": "Make owner",
           "waiting": "Invitations waiting", "linkOnly": "Link only: not sent by e-mail yet", "expired": "Expired",
           "resend": "Send the invitation of Sami Mail again", "sent": "Invitation sent successfully",
           "mail": "Send the invitation of Rania Link by e-mail", "email": "E-mail address",
           "name": "Name of the person", "close": "Close", "revoke": "Revoke the invitation of Rania Link",
           "revokeTitle": "Revoke an invitation", "revokeButton": "Revoke",
           "revoked": "The invitation of Rania Link was revoked", "ownerOnly":
           "Only the owner of the page can invite or remove members.", "done": "Karim Trabelsi is now the owner"},
    "fr": {"role": "Rôle de Karim Trabelsi", "admin": "Admin invité", "member": "Membre invité",
           "makeOwner": "Rendre Karim Trabelsi propriétaire", "handTitle": "Céder la page",
           "handText": "Rendre Karim Trabelsi propriétaire de Maison Jasmin ?", "cancel": "Annuler",
           "confirm": "Rendre propriétaire", "waiting": "Invitations en attente",
           "linkOnly": "Lien seul : pas encore envoyé par e-mail", "expired": "Expirée",
           "resend": "Renvoyer l'invitation de Sami Mail", "sent": "Invitation envoyée avec succès",
           "mail": "Envoyer l'invitation de Rania Link par e-mail", "email": "Adresse e-mail",
           "name": "Nom de la personne", "close": "Fermer", "revoke": "Révoquer l'invitation de Rania Link",
           "revokeTitle": "Révoquer une invitation", "revokeButton": "Révoquer",
           "revoked": "L'invitation de Rania Link a été révoquée", "ownerOnly":
           "Seul le propriétaire de la page peut inviter ou retirer des membres.",
           "done": "Karim Trabelsi est maintenant le propriétaire"},
}


def _pending(product, jwt: str, page: dict) -> list[dict]:
    return api(product, jwt, "GET", f"/membership/invitations/{page['id']}/facebook")


def _invitations(product, jwt: str, page: dict) -> None:
    """The page's invitations waiting, made as the owner makes them: Sami's mailed, Rania's a link alone."""
    for invitation in _pending(product, jwt, page):
        api(product, jwt, "DELETE", f"/membership/invitations/revoke/{invitation['id']}")
    mailed = api(product, jwt, "GET", f"/membership/get/{page['id']}/facebook/Sami Mail")
    api(product, jwt, "POST", f"/membership/sendMail/{page['id']}/facebook",
        json={"email": "sami@example.com", "nameUser": "Sami Mail", "token": mailed["tokenPage"]})
    api(product, jwt, "GET", f"/membership/get/{page['id']}/facebook/Rania Link")


def _role(product, jwt: str, page: dict, network_id: str) -> str:
    return next(m["role"] for m in team_of(product, jwt, page) if m["idFacebook"] == network_id)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", WIDTHS)
def test_roles_make_owner_and_the_invitations_waiting(browser, product, amira, screens_dir, width, lang):  # noqa: F811
    words = TEXTS[lang]
    jasmin = amira["jasmin"]
    join_by_api(product, amira["token"], jasmin, KARIM_TOKEN, "Karim")
    _invitations(product, amira["token"], jasmin)
    window = tab(browser, *WIDTHS[width])
    console = ConsoleWatch(window)
    try:
        open_signed_in(window, product, amira, jasmin, "/home/team", lang)
        role = window.get_by_role("combobox", name=words["role"])
        expect(role).to_have_value(words["member"])
        role.click()
        window.get_by_role("option", name=words["admin"]).click()
        expect(role).to_have_value(words["admin"])
        window.wait_for_function("() => !document.querySelector('.team__role input[disabled]')")
        assert _role(product, amira["token"], jasmin, KARIM_ID) == "invited_admin"

        # Make owner: a labelled button on Karim's row, asked first; cancelled here (handed over below).
        window.get_by_role("button", name=words["makeOwner"]).click()
        asked = window.get_by_role("dialog", name=words["handTitle"])
        expect(asked).to_contain_text(words["handText"])
        dialog_fits(window)
        shoot(window, screens_dir, f"team-admin-make-owner-{width}-{lang}", full_page=False)
        asked.get_by_role("button", name=words["cancel"]).click()
        expect(window.get_by_role("dialog")).to_have_count(0)

        # The invitations waiting: Sami's mailed, Rania's a link alone.
        waiting = window.locator(".team__invitations")
        expect(waiting.get_by_role("heading", name=words["waiting"])).to_be_visible()
        expect(waiting.locator(".team__pending")).to_have_count(2)
        expect(waiting.locator(".team__pending", has_text="Rania Link")).to_contain_text(words["linkOnly"])
        expect(waiting.locator(".team__pending", has_text="Sami Mail")).to_contain_text("sami@example.com")
        assert_no_overflow(window)
        snap(window, screens_dir, f"team-admin-{width}-{lang}")

        waiting.get_by_role("button", name=words["resend"]).click()
        expect(window.locator(".mantine-Notification-root", has_text=words["sent"])).to_be_visible()

        # Send by e-mail: the address first, the name filled in.
        waiting.get_by_role("button", name=words["mail"]).click()
        modal = window.get_by_role("dialog")
        fields = modal.get_by_role("textbox")
        expect(fields.nth(0)).to_have_accessible_name(words["email"])
        expect(fields.nth(1)).to_have_accessible_name(words["name"])
        expect(fields.nth(1)).to_have_value("Rania Link")
        dialog_fits(window)
        shoot(window, screens_dir, f"team-admin-mail-{width}-{lang}", full_page=False)
        modal.get_by_role("button", name=words["close"]).click()
        expect(window.get_by_role("dialog")).to_have_count(0)

        waiting.get_by_role("button", name=words["revoke"]).click()
        confirm = window.get_by_role("dialog", name=words["revokeTitle"])
        confirm.get_by_role("button", name=words["revokeButton"]).click()
        expect(window.locator(".mantine-Notification-root", has_text=words["revoked"])).to_be_visible()
        expect(waiting.locator(".team__pending")).to_have_count(1)
        assert [item["memberName"] for item in _pending(product, amira["token"], jasmin)] == ["Sami Mail"]
        assert console.violations() == []
    finally:
        window.context.close()


def test_the_page_handed_over_from_the_team_screen(page: Page, product, amira, screens_dir):  # noqa: F811
    jasmin = amira["jasmin"]
    join_by_api(product, amira["token"], jasmin, KARIM_TOKEN, "Karim")
    product.grant_plan(KARIM_ID, "Agencies")  # the new owner's offer must allow one more page
    words = TEXTS["en"]
    try:
        open_signed_in(page, product, amira, jasmin, "/home/team", "en")
        page.get_by_role("button", name=words["makeOwner"]).click()
        page.get_by_role("dialog", name=words["handTitle"]).get_by_role("button", name=words["confirm"]).click()
        expect(page.locator(".mantine-Notification-root", has_text=words["done"])).to_be_visible()
        expect(page.get_by_text(words["ownerOnly"])).to_be_visible()
        expect(page.locator("tr[data-role=owner]")).to_contain_text("Karim Trabelsi")
        expect(page.get_by_role("button", name="Make owner")).to_have_count(0)
        expect(page.locator(".team__invitations")).to_have_count(0)
        snap(page, screens_dir, "team-admin-handed-over-desktop-en")
    finally:
        # Karim hands the page back, so that the other tests find Amira its owner.
        karim = api_login(product, KARIM_TOKEN)
        api(product, karim["token"], "POST", "/pages/disconnect/owner",
            json={"id": jasmin["id"], "idFacebook": AMIRA_ID})
