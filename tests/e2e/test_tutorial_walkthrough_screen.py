"""The tutorial popup's walk-through (issue 42 §4: a real walk-through instead of "coming soon"), in a browser.

- The walk-through's screenshots are the product's own screens, taken here on the demo (`python -m app demo`:
  Amira, Maison Jasmin with its agent, catalogue and an alert) at 1280 px in English and French: My pages, My
  products, My agents, the wizard's simulator with a reply and its why, Home. Each screen is checked to show what
  its caption says before it is taken. The shots go to the screenshots folder; with RECORD_TUTORIAL=1 they are also
  written where the popup reads them, frontend/public/tutorial/<step>-<lang>.jpg (then rebuilt into the app).
- The popup, at 1280 and 375 px in English and French, walks the five steps: each a screenshot in the reader's
  language (loaded), its number and caption, Next and Previous; nothing says "coming soon".
"""
from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.billing_support import tab
from tests.e2e.product import FRONTEND
from tests.e2e.screens_support import AMIRA_TOKEN, api_login, assert_no_overflow, open_signed_in, pages_of, snap
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import VIEWING_COPY, screens_dir, settled, shoot  # noqa: F401 (a fixture)

RECORDED = FRONTEND / "public" / "tutorial"
STEPS = ["pages", "products", "agents", "simulator", "home"]
WIDTHS = {"desktop": (1280, 800), "phone": (375, 740)}
TEXTS = {
    "en": {"pages": ("/pages", "My pages"), "products": ("/home/manage-products", "My products"),
           "agents": ("/home/my-agents", "My agents"), "home": ("/home", "Today on Maison Jasmin"),
           "edit": "Edit", "comment": "Write a comment…", "send": "Send", "why": "Why this answer?",
           "open": "Tutorial", "title": "Modo in a few minutes", "next": "Next step", "previous": "Previous step",
           "captions": ["Connect your page", "Add your products", "Create an agent with the wizard",
                        "Try it in the simulator", "Follow your day on Home"], "step": "Step {n} of 5"},
    "fr": {"pages": ("/pages", "Mes pages"), "products": ("/home/manage-products", "Mes produits"),
           "agents": ("/home/my-agents", "Mes agents"), "home": ("/home", "Aujourd'hui sur Maison Jasmin"),
           "edit": "Modifier", "comment": "Écrire un commentaire…", "send": "Envoyer",
           "why": "Pourquoi cette réponse ?", "open": "Tutoriel", "title": "Modo en quelques minutes",
           "next": "Étape suivante", "previous": "Étape précédente",
           "captions": ["Connectez votre page", "Ajoutez vos produits", "Créez un agent avec l'assistant",
                        "Essayez-le dans le simulateur", "Suivez votre journée sur l'Accueil"],
           "step": "Étape {n} sur 5"},
}
COMMENT = {"en": "How much is the Jasmin dress?", "fr": "Quel est le prix de la robe jasmin ?"}


@pytest.fixture(scope="module")
def jasmin(product) -> dict:
    """The demo seeded and Amira signed in, Maison Jasmin to select."""
    product.run_app("demo")
    session = api_login(product, AMIRA_TOKEN)
    return {**session, "page": pages_of(product, session["token"])["Maison Jasmin"]}


def record(window: Page, screens_dir, step: str, lang: str) -> None:  # noqa: F811
    """The window as the popup shows it (a JPEG of the viewport), kept with the screenshots and, when asked, where
    the app reads it."""
    for close in window.locator(".mantine-Notification-root .mantine-CloseButton-root").all():
        close.click()
    expect(window.locator(".mantine-Notification-root")).to_have_count(0)
    window.mouse.move(0, 0)  # no tooltip over the screen
    settled(window)
    shot = screens_dir / f"tutorial-{step}-{lang}.jpg"
    window.screenshot(path=str(shot), type="jpeg", quality=72)
    shutil.copy(shot, VIEWING_COPY / shot.name)
    if os.environ.get("RECORD_TUTORIAL") == "1":
        RECORDED.mkdir(exist_ok=True)
        shutil.copy(shot, RECORDED / f"{step}-{lang}.jpg")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_walkthrough_is_the_products_own_screens(browser, product, jasmin, screens_dir, lang):  # noqa: F811
    words = TEXTS[lang]
    window = tab(browser, *WIDTHS["desktop"])
    try:
        for step in ("pages", "products", "agents"):
            path, heading = words[step]
            open_signed_in(window, product, jasmin, jasmin["page"], path, lang)
            expect(window.get_by_role("heading", name=heading, exact=True)).to_be_visible()
            if step == "pages":
                expect(window.locator(".page-card", has_text="Maison Jasmin").first).to_be_visible()
            if step == "products":
                expect(window.locator(".catalogue__categories")).to_contain_text("Robes")
            if step == "agents":
                expect(window.locator(".agent-row").first).to_be_visible()
            record(window, screens_dir, step, lang)

        # The simulator, opened from the agent's Edit, answering a fan with its why unfolded.
        window.locator(".agent-row").first.get_by_role("button", name=words["edit"], exact=False).click()
        window.get_by_label(words["comment"]).fill(COMMENT[lang])
        window.get_by_role("button", name=words["send"]).click()
        reply = window.locator(".wizard__reply").last
        expect(reply).to_contain_text("Robe Jasmin")
        reply.get_by_role("button", name=words["why"]).click()
        expect(reply.locator(".wizard__whyPanel .why__intent").first).to_be_visible()
        # The chat scrolled to the why's intents (once the why has unfolded), the simulator in the window.
        settled(window)
        window.evaluate("""() => {
            const chat = document.querySelector('.wizard__chat .mantine-ScrollArea-viewport')
            const intents = document.querySelector('.wizard__whyPanel .why__intent')
            chat.scrollTop += intents.getBoundingClientRect().bottom - chat.getBoundingClientRect().bottom + 24
            document.querySelector('.wizard__simulator').scrollIntoView({ block: 'end' })
        }""")
        record(window, screens_dir, "simulator", lang)

        path, heading = words["home"]
        open_signed_in(window, product, jasmin, jasmin["page"], path, lang)
        expect(window.get_by_role("heading", name=heading)).to_be_visible()
        expect(window.locator(".alert-card").first).to_be_visible()
        record(window, screens_dir, "home", lang)
    finally:
        window.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", WIDTHS)
def test_the_tutorial_popup_walks_through_the_screens(browser, product, jasmin, screens_dir, width,
                                                       lang):  # noqa: F811
    words = TEXTS[lang]
    window = tab(browser, *WIDTHS[width])
    console = ConsoleWatch(window)
    try:
        open_signed_in(window, product, jasmin, jasmin["page"], "/home", lang)
        window.get_by_role("button", name=words["open"], exact=True).click()  # beside the logo, phone or not
        popup = window.get_by_role("dialog", name=words["title"])
        expect(popup).to_be_visible()
        expect(popup).not_to_contain_text("coming soon")
        for index, step in enumerate(STEPS):
            slide = popup.locator(f".tutorial__step[data-step={step}]")
            image = slide.get_by_role("img", name=words["captions"][index])
            expect(image).to_be_visible()
            assert image.get_attribute("src") == f"/tutorial/{step}-{lang}.jpg"
            expect(popup.locator(".tutorial__position")).to_have_text(words["step"].format(n=index + 1))
            # The slide has come to rest in the popup (embla scrolls it in with script, not CSS).
            window.wait_for_function("""(step) => {
                const slide = document.querySelector(`.tutorial__step[data-step=${step}]`)
                const frame = slide.closest('.tutorial').getBoundingClientRect()
                return Math.abs(slide.getBoundingClientRect().left - frame.left) < 1
            }""", arg=step)
            image.evaluate("img => img.decode()")  # loaded: a file of the build, not a broken image
            assert image.evaluate("img => img.naturalWidth") > 0
            assert_no_overflow(window)
            if index in (0, len(STEPS) - 1):
                snap(window, screens_dir, f"tutorial-popup-{index + 1}-{width}-{lang}", full_page=False)
            if index < len(STEPS) - 1:
                popup.get_by_role("button", name=words["next"]).click()
        popup.get_by_role("button", name=words["previous"]).click()
        expect(popup.get_by_role("img", name=words["captions"][3])).to_be_visible()
        assert console.violations() == []
    finally:
        window.context.close()
