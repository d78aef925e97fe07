"""Owner transfer through the disconnect modal's Make owner, in a browser (spec 000 §4 "Page connection state", §5
"Pages and ownership", §6, §8): Nadia owns Gabes Garden with Yassine in its team. Make owner without a choice asks
for one; while Yassine is on the Free Trial his offer refuses the page ('The offer of the new owner does not allow
this operation'); once he has paid a plan on the sandbox's checkout the transfer goes through, the confirmation names
him, and after Close the roles have changed for both: Nadia is an invited admin without the disconnect icon, Yassine
the owner (pink border, the team's owner row). On a phone in French he hands the page back. At 1280 px and 375 px,
in English and French, no horizontal overflow. Screenshots go to screens/ and /tmp/screens/.

Set-up by API (the sandbox's admin API for the network, the product's for the team); the transfer itself is the
browser's."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.billing_support import (TUNIS, buy_without_browser, merchant, network_page,  # noqa: F401
                                       network_user, tab)
from tests.e2e.screens_support import (assert_no_overflow, connected_page, dialog_fits, join_by_api, open_signed_in,
                                       pages_of, selected, team_of)
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)

GARDEN = "Gabes Garden"
PINK = "--mantine-color-pink"


def card(tab_: Page):
    return tab_.locator(".page-card").filter(has=tab_.locator(f'[aria-label="{GARDEN}"]'))


def open_modal(tab_: Page, disconnect: str):
    tab_.get_by_role("button", name=f"{disconnect} {GARDEN}").click()
    dialog = tab_.get_by_role("dialog", name=f"{disconnect} {GARDEN}")
    expect(dialog).to_be_visible()
    return dialog


def pick(tab_: Page, dialog, label: str, name: str) -> None:
    dialog.get_by_label(label, exact=True).click()
    tab_.get_by_role("option", name=name).click()


def session_of(user: dict) -> dict:
    return {"token": user["jwt"], "user": user["user"]}


def page_with_team(product, owner_name: tuple[str, str], member_name: tuple[str, str]):
    """A new owner on Agencies with Gabes Garden connected, and a new member (also an admin of the page on the
    network, still on the Free Trial) in its team: (owner, member, the page as the owner's list shows it)."""
    owner, member = network_user(product, *owner_name), network_user(product, *member_name)
    network_page(product, GARDEN, owner, member)
    product.grant_plan(owner["id"], "Agencies")
    garden = connected_page(product, owner["jwt"], GARDEN)
    join_by_api(product, owner["jwt"], garden, member["token"], member_name[0])
    return owner, member, garden


def test_make_owner_refused_by_the_offer_then_done_and_roles_follow(browser, product, merchant,  # noqa: F811
                                                                     screens_dir):  # noqa: F811
    nadia, yassine, garden = page_with_team(product, ("Nadia", "Jaziri"), ("Yassine", "Mabrouk"))

    desktop = tab(browser, 1280, 800, TUNIS)
    console = ConsoleWatch(desktop)
    open_signed_in(desktop, product, session_of(nadia), None, "/home/dashboard")
    expect(card(desktop)).to_have_attribute("data-status", "listPageConnectedOwner")
    dialog = open_modal(desktop, "Disconnect")

    # A choice is needed; Yassine's Free Trial refuses the page.
    dialog.get_by_role("button", name="Make owner").click()
    expect(dialog.get_by_role("alert")).to_have_text("Please select a new owner !")
    pick(desktop, dialog, "New owner", yassine["name"])
    dialog.get_by_role("button", name="Make owner").click()
    expect(dialog.get_by_role("alert")).to_have_text("The offer of the new owner does not allow this operation")
    dialog_fits(desktop)
    shoot(desktop, screens_dir, "owner-transfer-desktop-en-refused", full_page=False)
    assert {m["idFacebook"]: m["role"] for m in team_of(product, nadia["jwt"], garden)}[nadia["id"]] == "owner"

    # Yassine pays a plan on the card checkout; the same choice now goes through.
    assert buy_without_browser(product, yassine, "SME/Artisans", 1, "TND", "pay")["status"] == "paid"
    dialog.get_by_role("button", name="Make owner").click()
    expect(dialog).to_contain_text(f"{yassine['name']} is now the owner of this page.")
    shoot(desktop, screens_dir, "owner-transfer-desktop-en-done", full_page=False)
    dialog.get_by_role("button", name="Close").click()

    # The pages reload: Nadia is an invited admin now, without the owner's disconnect icon.
    expect(card(desktop)).to_have_attribute("data-status", "listPageInviteAdmin")
    expect(desktop.get_by_role("button", name=f"Disconnect {GARDEN}")).to_have_count(0)
    assert PINK not in (card(desktop).get_attribute("style") or "")
    assert_no_overflow(desktop)
    shoot(desktop, screens_dir, "owner-transfer-desktop-en-after")
    roles = {m["idFacebook"]: m["role"] for m in team_of(product, nadia["jwt"], garden)}
    assert roles == {yassine["id"]: "owner", nadia["id"]: "invited_admin"}, roles
    assert console.violations() == []
    desktop.context.close()

    # Yassine, on a phone in French: the owner now (pink border, the team's owner row); he hands the page back.
    phone = tab(browser, 375, 740, TUNIS)
    console = ConsoleWatch(phone)
    his_garden = pages_of(product, yassine["jwt"])[GARDEN]
    open_signed_in(phone, product, session_of(yassine), his_garden, "/home/team", "fr")
    owner_row = phone.locator("tr[data-role=owner]")
    expect(owner_row).to_contain_text(yassine["name"])
    assert owner_row.locator(".team__name").evaluate("el => getComputedStyle(el).textTransform") == "uppercase"
    assert_no_overflow(phone)
    shoot(phone, screens_dir, "owner-transfer-mobile-fr-team")
    phone.goto(product.web_url + "/home/dashboard")
    expect(card(phone)).to_have_attribute("data-status", "listPageConnectedOwner")
    assert PINK in card(phone).get_attribute("style")
    dialog = open_modal(phone, "Déconnecter")
    pick(phone, dialog, "Nouveau propriétaire", nadia["name"])
    dialog_fits(phone)
    shoot(phone, screens_dir, "owner-transfer-mobile-fr-pick", full_page=False)
    dialog.get_by_role("button", name="Nommer propriétaire").click()
    expect(dialog).to_contain_text(f"{nadia['name']} est maintenant propriétaire de cette page.")
    dialog_fits(phone)
    shoot(phone, screens_dir, "owner-transfer-mobile-fr-done", full_page=False)
    dialog.get_by_role("button", name="Fermer").click()
    expect(card(phone)).to_have_attribute("data-status", "listPageInviteAdmin")
    assert console.violations() == []
    phone.context.close()
    assert {m["idFacebook"]: m["role"] for m in team_of(product, nadia["jwt"], garden)}[nadia["id"]] == "owner"


def test_make_owner_modal_fits_in_the_other_language_and_width(browser, product, screens_dir):  # noqa: F811
    """The modal's refusal at 375 px in English and at 1280 px in French (the other two of the four)."""
    owner, member, garden = page_with_team(product, ("Ines", "Sassi"), ("Omar", "Ayari"))
    for size, lang, disconnect, label, make, refused in (
            ("mobile", "en", "Disconnect", "New owner", "Make owner",
             "The offer of the new owner does not allow this operation"),
            ("desktop", "fr", "Déconnecter", "Nouveau propriétaire", "Nommer propriétaire",
             "L'offre du nouveau propriétaire ne permet pas cette opération")):
        shown = tab(browser, *((1280, 800) if size == "desktop" else (375, 740)), TUNIS)
        open_signed_in(shown, product, session_of(owner), selected(garden), "/home/dashboard", lang)
        dialog = open_modal(shown, disconnect)
        pick(shown, dialog, label, member["name"])
        dialog.get_by_role("button", name=make).click()
        expect(dialog.get_by_role("alert")).to_have_text(refused)
        dialog_fits(shown)
        assert_no_overflow(shown)
        shoot(shown, screens_dir, f"owner-transfer-{size}-{lang}-refused", full_page=False)
        shown.context.close()
    assert {m["idFacebook"]: m["role"] for m in team_of(product, owner["jwt"], garden)}[owner["id"]] == "owner"
