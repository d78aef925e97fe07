"""The team screen (/home/team) in a browser (spec 000 §2 "Team screen", §5 "Team", §6, §8, §9): the picker of the
owner's other teams, removing a member but never the owner, the cannot-see and choose-a-page messages; at 1280 px
and 375 px, in English and French, with no horizontal overflow and no CSP violation. Screenshots of each state go to
screens/ and /tmp/screens/.

Set-up goes through the API with the demo users' sandbox tokens (tests/e2e/screens_support.py)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.screens_support import (KARIM_ID, KARIM_TOKEN, amira, api_login,  # noqa: F401 (amira: a fixture)
                                       assert_no_overflow, connected_page, dialog_fits, join_by_api, okay_alert,
                                       open_signed_in, remove_from_team, snap, team_of)
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401  (screens_dir is a fixture)


def test_owner_adds_a_member_of_another_team_and_removes_him_but_not_herself_in_french(page: Page, product, amira,
                                                                                      screens_dir):  # noqa: F811
    console = ConsoleWatch(page)
    join_by_api(product, amira["token"], amira["jasmin"], KARIM_TOKEN, "Karim")
    sneakers = connected_page(product, amira["token"], "Sfax Sneakers")
    remove_from_team(product, amira["token"], sneakers, KARIM_ID)

    open_signed_in(page, product, amira, sneakers, lang="fr")
    expect(page.get_by_role("heading", name="Équipe", exact=True)).to_be_visible()
    page.get_by_label("Nom du membre").fill("karim")
    page.get_by_role("button", name="Générer l'invitation").click()
    picker = page.get_by_role("dialog", name="Membres de vos autres équipes")
    expect(picker).to_be_visible()
    choice = picker.get_by_label("Karim Trabelsi")
    picker.get_by_role("button", name="Ajouter à l'équipe").click()
    expect(picker.get_by_text("Sélectionnez un membre de l'équipe pour l'inviter.")).to_be_visible()
    choice.check()
    expect(choice).to_be_checked()
    expect(picker.get_by_text("Sélectionnez un membre de l'équipe pour l'inviter.")).to_have_count(0)
    choice.click()
    expect(choice).not_to_be_checked()
    choice.check()
    dialog_fits(page)
    shoot(page, screens_dir, "team-picker-desktop-fr", full_page=False)
    picker.get_by_role("button", name="Ajouter à l'équipe").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    karim_row = page.locator("tr", has_text="Karim Trabelsi")
    expect(karim_row.get_by_role("combobox", name="Rôle de Karim Trabelsi")).to_have_value("Membre invité")
    assert any(m["idFacebook"] == KARIM_ID for m in team_of(product, amira["token"], sneakers))
    assert_no_overflow(page)
    snap(page, screens_dir, "team-owner-desktop-fr")

    page.get_by_role("button", name="Retirer Amira Ben Salah").click()
    okay_alert(page, "Vous ne pouvez pas supprimer le propriétaire", okay="D'accord")

    page.get_by_role("button", name="Retirer Karim Trabelsi").click()
    confirm = page.get_by_role("dialog", name="Retirer un membre")
    expect(confirm).to_contain_text("Retirer Karim Trabelsi de l'équipe de cette page ?")
    shoot(page, screens_dir, "team-remove-confirm-desktop-fr", full_page=False)
    confirm.get_by_role("button", name="Retirer").click()
    expect(karim_row).to_have_count(0)
    removed = page.locator(".mantine-Notification-root", has_text="Karim Trabelsi a été retiré de l'équipe")
    expect(removed).to_be_visible()
    expect(page.locator("tr[data-role=owner]")).to_have_count(1)
    assert all(m["idFacebook"] != KARIM_ID for m in team_of(product, amira["token"], sneakers))
    assert console.violations() == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_team_screen_fits_a_phone(mobile_page: Page, product, amira, screens_dir, lang):  # noqa: F811
    tab = mobile_page
    join_by_api(product, amira["token"], amira["jasmin"], KARIM_TOKEN, "Karim")
    open_signed_in(tab, product, amira, amira["jasmin"], lang=lang)
    expect(tab.locator("tr[data-role=owner]")).to_be_visible()
    expect(tab.locator("tr", has_text="Karim Trabelsi")).to_be_visible()
    assert_no_overflow(tab)
    snap(tab, screens_dir, f"team-owner-mobile-{lang}")

    tab.get_by_label("Member name" if lang == "en" else "Nom du membre").fill("Someone New")
    tab.get_by_role("button", name="Generate the invitation" if lang == "en" else "Générer l'invitation").click()
    modal = tab.get_by_role("dialog")
    expect(modal.locator("code")).to_be_visible(timeout=5000)
    assert modal.locator("code").evaluate("el => el.scrollWidth <= el.clientWidth"), "the link's 33 characters are cut"
    dialog_fits(tab)
    assert_no_overflow(tab)
    shoot(tab, screens_dir, f"team-invite-modal-mobile-{lang}", full_page=False)
    modal.get_by_role("button", name="Copy" if lang == "en" else "Copier").click()
    expect(modal.get_by_role("button", name="Copied!" if lang == "en" else "Copié !")).to_be_visible()
    shoot(tab, screens_dir, f"team-invite-copied-mobile-{lang}", full_page=False)
    modal.get_by_role("button", name="Close" if lang == "en" else "Fermer").click()

    tab.get_by_role("button", name=f"{'Remove' if lang == 'en' else 'Retirer'} Karim Trabelsi").click()
    expect(tab.get_by_role("dialog")).to_be_visible()
    dialog_fits(tab)
    shoot(tab, screens_dir, f"team-remove-confirm-mobile-{lang}", full_page=False)


@pytest.mark.parametrize("width", ["desktop", "mobile"])
def test_no_selected_page_and_a_team_one_is_not_on(request, product, amira, screens_dir, width):  # noqa: F811
    tab = request.getfixturevalue("page" if width == "desktop" else "mobile_page")
    karim = api_login(product, KARIM_TOKEN)
    for lang, choose, cannot in (("en", "Choose a page on My pages first", "Sorry ! You can't see this team"),
                                 ("fr", "Choisissez d'abord une page dans Mes pages",
                                  "Désolé ! Vous ne pouvez pas voir cette équipe")):
        open_signed_in(tab, product, karim, None, lang=lang)
        expect(tab.get_by_text(choose)).to_be_visible()
        expect(tab.get_by_role("link", name="Go to My pages" if lang == "en" else "Aller à Mes pages")).to_be_visible()
        assert_no_overflow(tab)
        snap(tab, screens_dir, f"team-no-page-{width}-{lang}")

        # Maison Jasmin is Amira's and Karim is not on its team.
        open_signed_in(tab, product, karim, {**amira["jasmin"], "status": "listPageInvite"}, lang=lang)
        expect(tab.get_by_text(cannot)).to_be_visible()
        expect(tab.get_by_role("table")).to_have_count(0)
        assert_no_overflow(tab)
        snap(tab, screens_dir, f"team-cannot-see-{width}-{lang}")
