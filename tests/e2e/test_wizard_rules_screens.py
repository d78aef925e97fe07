"""The rules a user meets in the agent wizard, in a browser (spec 001 §2 "Wizard", §4 "Wizard", §7 "Wizard", §9): a
post that has an agent shows it as Active and cannot be chosen again (tooltip), in French on a phone; an agent
opened from My agents starts at step 3, Back leads to My agents, and an active one is updated, not activated; Price
refused on a page that is not white-listed; Back from a step is the step before, its choice kept.

Screenshots at 1280 px and 375 px, in English and French, go to screens/ and /tmp/screens/."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.agents_support import (  # noqa: F401 (agent_worker is a fixture)
    agent_worker, build_agent, new_post, open_as, own_page, snap,
)
from tests.e2e.screens_support import api
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)
from tests.e2e.wizard_support import FACEBOOK_PAGE, intent_card, owner, say  # noqa: F401 (owner is a fixture)

NOT_WHITE_LISTED = "Nabeul Poterie"  # a page of this test's own, made in the sandbox
AVAILABILITY_ANSWER = "Oui, il est disponible en boutique et en ligne."


def test_the_post_with_an_agent_cannot_be_chosen_again_in_french_on_a_phone(mobile_page: Page, product, owner,
                                                                           screens_dir):  # noqa: F811
    jwt = owner["token"]
    post_id = new_post(product, owner["facebook"], "Jupes plissées en lin")
    build_agent(product, jwt, owner["facebook"], {"availability": AVAILABILITY_ANSWER}, post_id=post_id)
    tab = mobile_page
    open_as(tab, product, owner, "/home/wizard-popup", lang="fr")
    popup = tab.get_by_role("dialog", name="Créer un agent")
    snap(tab, screens_dir, "wizard-popup-mobile-fr")
    popup.get_by_role("button", name="Choisir : Une publication précise").click()
    tab.get_by_role("tab", name="Facebook").click()
    tab.get_by_role("radio", name=FACEBOOK_PAGE).check()
    expect(tab.locator(".wizard__stepName")).to_have_text("Étape 1 sur 4 : Page")
    snap(tab, screens_dir, "wizard-step0-mobile-fr")
    tab.get_by_role("button", name="Suivant", exact=True).click()
    row = tab.locator(f"tr[data-post='{post_id}']")
    expect(row).to_have_attribute("data-taken", "true")
    expect(row.get_by_text("Actif", exact=True).first).to_be_visible()  # under the message on a phone
    expect(row.get_by_role("radio")).to_be_disabled()
    row.get_by_role("radio").locator("xpath=ancestor::span[1]").hover()
    expect(tab.get_by_role("tooltip")).to_contain_text("Cette publication a déjà un agent")
    snap(tab, screens_dir, "wizard-step1-mobile-fr")

    # Back from step 1 is the previous step, with the page to choose again.
    tab.get_by_role("button", name="Retour").click()
    expect(tab.get_by_role("radio", name=FACEBOOK_PAGE)).not_to_be_checked()


def test_an_agent_opened_from_my_agents_is_updated(page: Page, product, owner, screens_dir):  # noqa: F811
    jwt = owner["token"]
    post_id = new_post(product, owner["facebook"], "Sac en cuir")
    project_id = build_agent(product, jwt, owner["facebook"], {"availability": AVAILABILITY_ANSWER}, post_id=post_id,
                             message="Sac en cuir")
    open_as(page, product, owner, "/home/my-agents", owner["facebook"])
    page.get_by_role("button", name="Edit Sac en cuir").click()

    # Opened at step 3 with its page and post; the simulator answers with what it has.
    expect(page).to_have_url(product.web_url + "/home/auto-wizard")
    expect(page.get_by_text("Chat simulator")).to_be_visible()
    expect(page.locator(".wizard__postMessage")).to_have_text("Sac en cuir")
    expect(say(page, "mazel disponible?")).to_contain_text(AVAILABILITY_ANSWER)

    # Back to step 2 shows its intent saved; Back again returns to My agents, as it came from there.
    page.get_by_role("button", name="Back", exact=True).click()
    expect(intent_card(page, "availability").get_by_label("Generic response")).to_have_value(AVAILABILITY_ANSWER)
    page.get_by_role("button", name="Back", exact=True).click()
    expect(page).to_have_url(product.web_url + "/home/my-agents")

    # An active agent is updated, not activated: update now keeps it live and clears its pending flag.
    api(product, jwt, "PUT", f"/project/agent/live/{project_id}", json={"live": True, "pending": True})
    page.get_by_role("button", name="Edit Sac en cuir").click()
    page.get_by_role("button", name="Finish").click()
    panel = page.get_by_role("dialog", name="Update your agent")
    expect(panel).to_be_visible(timeout=5000)
    shoot(page, screens_dir, "wizard-update-desktop-en", full_page=False)
    panel.get_by_role("button", name="Update now").click()
    expect(page).to_have_url(product.web_url + "/home/my-agents")
    project = api(product, jwt, "GET", f"/project/get/project/{project_id}")
    assert project["live"] is True and project["pending"] is False

def test_price_needs_a_white_listed_page_in_french(page: Page, product, owner, screens_dir):  # noqa: F811
    jwt = owner["token"]
    other = own_page(product, jwt, NOT_WHITE_LISTED)
    post_id = new_post(product, other, "Nouveaux écouteurs sans fil")
    open_as(page, product, owner, "/home/wizard-popup", lang="fr")
    page.get_by_role("button", name="Choisir : Une publication précise").click()
    page.get_by_role("radio", name=NOT_WHITE_LISTED).check()
    page.get_by_role("button", name="Suivant", exact=True).click()
    page.locator(f"tr[data-post='{post_id}']").get_by_role("radio").check()
    page.get_by_role("button", name="Suivant", exact=True).click()
    page.get_by_role("combobox", name="Ajouter une intention", exact=True).click()
    expect(page.get_by_role("option", name="Prix")).to_have_attribute("data-combobox-disabled", "true")
    page.get_by_role("option", name="Taille", exact=True).click()
    size = intent_card(page, "size")
    size.get_by_label("Réponse générique").fill("Du S au XL.")
    expect(size.get_by_text(f"{640 - len('Du S au XL.')} caractères restants").first).to_be_visible()
    snap(page, screens_dir, "wizard-step2-desktop-fr")
    # Back from step 2 (not opened from My agents) is step 1, the post still chosen.
    page.get_by_role("button", name="Retour").click()
    expect(page.locator(f"tr[data-post='{post_id}']").get_by_role("radio")).to_be_checked()
    snap(page, screens_dir, "wizard-step1-desktop-fr")
