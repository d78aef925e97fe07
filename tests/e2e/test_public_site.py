"""The public site in a browser: landing sections, privacy policy in both languages, scroll to top on
route change, the invitation token kept from the catch-all route, and the mobile top bar."""
import json

from playwright.sync_api import Page, expect

LANDING_SECTIONS = ["our-solution", "prebuilt-solution", "how-make", "process",
                    "trail-business-1", "trail-business-2", "trail-business-3", "contact"]


def test_landing_shows_every_section_with_its_claims(page: Page, product):
    page.goto(product.web_url + "/")
    for section in LANDING_SECTIONS:
        expect(page.locator(f"section#{section} h2")).to_be_visible()
    expect(page.locator("#prebuilt-solution")).to_contain_text("80%")
    expect(page.locator("#how-make")).to_contain_text("3000")
    expect(page.locator("footer")).to_contain_text("Privacy policy")


def test_privacy_policy_opens_at_the_top_in_the_chosen_language(page: Page, product):
    page.goto(product.web_url + "/")
    expect(page.locator("section#contact")).to_be_visible()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("window.scrollY > 0")
    page.locator("footer").get_by_role("link", name="Privacy policy").click()
    page.wait_for_url(product.web_url + "/politique-de-confidentialite")
    expect(page.get_by_role("heading", name="Privacy policy", exact=True)).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    expect(page.get_by_text("19 April 2021")).to_be_visible()
    for number in range(1, 7):
        expect(page.get_by_role("heading", name=f"{number}.")).to_have_count(1)

    page.get_by_role("button", name="FR", exact=True).click()
    expect(page.get_by_role("heading", name="Politique de confidentialité", exact=True)).to_be_visible()
    expect(page.get_by_text("19 avril 2018")).to_be_visible()
    page.screenshot(path="/tmp/e2e_privacy_fr.png")


def test_invitation_token_on_catch_all_route_is_kept_for_login(page: Page, product):
    page.goto(product.web_url + "/inv-7f3a9c2e41b8")
    expect(page.locator("section#our-solution")).to_be_visible()
    page.wait_for_function("() => (localStorage.getItem('state') || '').includes('inv-7f3a9c2e41b8')")
    session = json.loads(page.evaluate("localStorage.getItem('state')"))["session"]["state"]
    assert session["tokenMembership"] == "inv-7f3a9c2e41b8"


def test_mobile_top_bar_collapses_into_a_menu(mobile_page: Page, product):
    mobile_page.goto(product.web_url + "/")
    login = mobile_page.get_by_role("button", name="Login", exact=True)
    expect(login).to_be_hidden()
    mobile_page.get_by_role("button", name="Menu").click()
    expect(login).to_be_visible()
    mobile_page.screenshot(path="/tmp/e2e_mobile_menu.png")
