"""The public site's forms and notices in a browser, under the app's Content-Security-Policy (spec 000 §2, §4, §5,
§8): the landing page's contact form checked in the specified order (a popup with Retry for each failure) and then
stored; the contact modal opened from the top bar at 375 and 1280 px, in English and French; the tutorial video
popup and the plan-expiry notices of a signed-in user; how to use it in both languages. Screenshots of each go to
the session's screens/ dir and /tmp/screens/."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from playwright.sync_api import Page, expect

from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot, text  # noqa: F401 (screens_dir: the shared fixture)
from tests.e2e.test_session import choose_first_demo_user

CONTACT = {"First name": "Amira", "Last name": "Ben Salah", "Organisation": "Atelier Jasmin",
           "E-mail": "amira@example.tn", "Phone": "+216 20 111 222", "Subject": "Opening hours",
           "Message": "Can Modo answer in Tunisian dialect?"}
# (label, message key) in the order of spec 000 §5
ORDER = [("First name", "validNameErr"), ("Last name", "validLastNameErr"), ("Organisation", "validOrgErr"),
         ("E-mail", "validEmailErr"), ("Phone", "validPhoneErr"), ("Subject", "validSubjectErr"),
         ("Message", "validMsgErr")]


def sign_in_locally(page: Page, product, days_left: int | None = None) -> None:
    """A stored session (no login: nothing spent against the login throttle); only screens that call no API
    are opened with it, as the server does not know its token."""
    pack = None
    if days_left is not None:
        expiry = datetime.now(timezone.utc) + timedelta(days=days_left)
        pack = {"name": "Pro", "type": "Pro", "expyriedate": expiry.isoformat()}
    user = {"first_name": "Amira", "last_name": "Ben Salah", "profilePictureUrl": None, "pack": pack}
    page.goto(product.web_url + "/pricing")
    page.evaluate("""user => localStorage.setItem('state', JSON.stringify({ session: { version: 0, state: {
        token: 'stored-token', tokenMembership: null, selectedPage: null, user } } }))""", user)


def test_the_landing_contact_form_checks_in_order_then_stores_the_request(page: Page, product, screens_dir):
    console = ConsoleWatch(page)
    page.goto(product.web_url + "/#contact")
    form = page.get_by_role("form", name="Contact form")
    expect(form).to_be_visible()
    for index, (label, key) in enumerate(ORDER):
        form.get_by_role("button", name="Send").click()
        popup = page.get_by_role("alertdialog")
        expect(popup).to_contain_text(text("en", f"contact.{key}"))
        expect(page.get_by_role("button", name="Retry")).to_be_focused()
        if index == 3:
            form.get_by_label(label).fill("amira@")  # a malformed address is still refused
            shoot(page, screens_dir, "contact-validation-desktop", full_page=False)
        page.get_by_role("button", name="Retry").click()
        expect(page.get_by_role("alertdialog")).to_have_count(0)
        expect(form.get_by_label(label)).to_be_focused()
        form.get_by_label(label).fill(CONTACT[label])
    expect(form.get_by_label("Phone")).to_have_value("+21620111222")

    with page.expect_response(lambda r: r.url.endswith("/api/v1/contact/addContact")) as answer:
        form.get_by_role("button", name="Send").click()
    assert answer.value.status == 200, answer.value.text()
    assert answer.value.json()["message"] == "Your contact request has been sent successfully"
    sent = json.loads(answer.value.request.post_data)
    assert sent == {"name": "Amira", "last_name": "Ben Salah", "org": "Atelier Jasmin", "email": "amira@example.tn",
                    "phone": "+21620111222", "subject": "Opening hours",
                    "msg": "Can Modo answer in Tunisian dialect?", "status": False}
    expect(page.get_by_role("alertdialog")).to_contain_text("Sent succesfully !")
    shoot(page, screens_dir, "contact-sent-desktop", full_page=False)
    page.get_by_role("button", name="Thanks").click()
    expect(form.get_by_label("First name")).to_have_value("")
    assert console.violations() == []


def test_the_contact_modal_from_the_top_bar_on_a_phone_in_both_languages(mobile_page: Page, product, screens_dir):
    page = mobile_page
    console = ConsoleWatch(page)
    page.goto(product.web_url + "/pricing")
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("dialog").get_by_role("button", name="Contact us").click()
    modal = page.get_by_role("dialog", name="Contact us")
    expect(modal).to_be_visible()
    box = modal.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths
    shoot(page, screens_dir, "contact-modal-mobile", full_page=False)
    modal.get_by_role("button", name="Ask for a demo").click()  # nothing filled: the first check answers
    expect(page.get_by_role("alertdialog")).to_contain_text(text("en", "contact.validNameErr"))
    page.get_by_role("button", name="Retry").click()
    expect(modal.get_by_label("Subject")).to_have_value("demande demo")
    expect(modal.get_by_label("Message")).to_have_value("demande demo")
    modal.get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog", name="Contact us")).to_have_count(0)

    page.get_by_role("button", name="Menu").click()
    page.get_by_role("dialog").get_by_role("button", name="FR").click()
    page.get_by_role("dialog").get_by_role("button", name="Contactez-nous").click()
    modal = page.get_by_role("dialog", name="Contactez-nous")
    expect(modal.get_by_label("Prénom")).to_be_visible()
    expect(modal.get_by_role("button", name="Demander une démo")).to_be_visible()
    modal.get_by_role("button", name="Envoyer").click()
    expect(page.get_by_role("alertdialog")).to_contain_text(text("fr", "contact.validNameErr"))
    expect(page.get_by_role("button", name="Réessayer")).to_be_visible()
    shoot(page, screens_dir, "contact-modal-error-fr-mobile", full_page=False)
    assert console.violations() == []


def test_the_contact_modal_on_desktop_sends_a_demo_request(page: Page, product, screens_dir):
    console = ConsoleWatch(page)
    page.goto(product.web_url + "/how-to-use-it")
    page.get_by_role("navigation").get_by_role("button", name="Contact us").click()
    modal = page.get_by_role("dialog", name="Contact us")
    for label in ("First name", "Last name", "Organisation", "E-mail", "Phone"):
        modal.get_by_label(label).fill(CONTACT[label])
    shoot(page, screens_dir, "contact-modal-desktop", full_page=False)
    with page.expect_response(lambda r: r.url.endswith("/api/v1/contact/addContact")) as answer:
        modal.get_by_role("button", name="Ask for a demo").click()
    assert answer.value.status == 200
    sent = json.loads(answer.value.request.post_data)
    assert sent["subject"] == sent["msg"] == "demande demo"
    page.get_by_role("button", name="Thanks").click()
    expect(page.get_by_role("dialog", name="Contact us")).to_have_count(0)  # thanked: the modal closes
    assert console.violations() == []


def test_the_tutorial_opens_in_a_popup_when_signed_in(page: Page, mobile_page: Page, product, screens_dir):
    for tab, width in ((page, "desktop"), (mobile_page, "mobile")):
        console = ConsoleWatch(tab)
        tab.goto(product.web_url + "/pricing")
        expect(tab.get_by_role("button", name="Tutorial", exact=True)).to_have_count(0)
        sign_in_locally(tab, product)
        tab.goto(product.web_url + "/pricing")
        tab.get_by_role("button", name="Tutorial", exact=True).click()
        modal = tab.get_by_role("dialog", name="Modo in a few minutes")
        # The walk-through's first step (tests/e2e/test_tutorial_walkthrough_screen.py walks all of them).
        expect(modal.get_by_role("img", name="Connect your page")).to_be_visible()
        box = modal.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= tab.viewport_size["width"], box
        tab.wait_for_load_state("networkidle")
        shoot(tab, screens_dir, f"tutorial-video-{width}", full_page=False)
        assert console.violations() == []


def test_plan_notices_show_once_per_visit(mobile_page: Page, product, screens_dir):
    page = mobile_page
    console = ConsoleWatch(page)
    sign_in_locally(page, product, days_left=2)
    page.goto(product.web_url + "/notification")
    expect(page.get_by_role("status").filter(has_text="Your plan ends in 2 days.")).to_be_visible()
    expect(page.get_by_role("heading", name="Notifications")).to_be_visible()
    expect(page.get_by_text("Renew your plan").first).to_be_visible()
    shoot(page, screens_dir, "plan-notices-mobile", full_page=False)
    assert page.evaluate("localStorage.getItem('hasvisited')") is not None
    page.reload()
    expect(page.get_by_role("heading", name="Notifications")).to_be_visible()
    page.wait_for_timeout(500)
    expect(page.get_by_role("status").filter(has_text="Your plan ends in")).to_have_count(0)
    assert console.violations() == []


def test_how_to_use_it_in_both_languages(page: Page, mobile_page: Page, product, screens_dir):
    for tab, width in ((page, "desktop"), (mobile_page, "mobile")):
        tab.goto(product.web_url + "/how-to-use-it")
        expect(tab.get_by_role("heading", name=text("en", "howTo.sections.connectPages.title"))).to_be_visible()
        shoot(tab, screens_dir, f"how-to-use-{width}")
        tab.get_by_role("button", name="FR").first.click() if width == "desktop" else None
        if width == "mobile":
            tab.get_by_role("button", name="Menu").click()
            tab.get_by_role("dialog").get_by_role("button", name="FR").click()
            tab.get_by_role("button", name="Menu").click()
        expect(tab.get_by_role("heading", name=text("fr", "howTo.sections.connectPages.title"))).to_be_visible()
        widths = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], widths
        shoot(tab, screens_dir, f"how-to-use-fr-{width}")


def test_the_dashboard_warns_once_when_the_plan_ends_within_three_days(page: Page, mobile_page: Page, product,
                                                                       screens_dir):
    for tab, width in ((page, "desktop"), (mobile_page, "mobile")):
        console = ConsoleWatch(tab)
        tab.goto(product.web_url + "/")
        tab.get_by_role("button", name="Menu").click() if width == "mobile" else None
        tab.get_by_role("button", name="Login", exact=True).click()
        choose_first_demo_user(tab)
        tab.wait_for_url(product.web_url + "/home/dashboard")
        # The demo user's plan, made to end in 2 days, as a first visit (no hasvisited yet).
        expiry = (datetime.now(timezone.utc) + timedelta(days=2)).isoformat()
        tab.evaluate("""expiry => {
            const state = JSON.parse(localStorage.getItem('state'))
            state.session.state.user.pack = { name: 'Pro', type: 'Pro', expyriedate: expiry }
            localStorage.setItem('state', JSON.stringify(state))
            localStorage.removeItem('hasvisited')
        }""", expiry)
        tab.reload()
        warning = tab.get_by_role("alertdialog")
        expect(warning).to_contain_text("Your plan will expire on ")
        expect(tab.get_by_role("status").filter(has_text="Your plan ends in 2 days.")).to_be_visible()
        expect(tab.get_by_role("button", name="Okay")).to_be_focused()
        box = warning.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= tab.viewport_size["width"], box
        shoot(tab, screens_dir, f"plan-dashboard-warning-{width}", full_page=False)
        assert tab.evaluate("localStorage.getItem('hasvisited')") is not None
        tab.get_by_role("button", name="Okay").click()
        expect(tab.get_by_role("alertdialog")).to_have_count(0)
        tab.reload()  # once per visit
        expect(tab.get_by_role("heading", name="My pages")).to_be_visible()
        tab.wait_for_timeout(500)
        expect(tab.get_by_role("alertdialog")).to_have_count(0)
        assert console.violations() == []
