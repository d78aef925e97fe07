"""A page's settings as one form (issue 42 §2), in a browser at 1280 px and 375 px, in English and French: on the
dashboard the owner turns anti-spam and hide-negative on, then the public reply (its message field appears and the
switches just toggled stay on), asks for a reply after 70 seconds: Save refuses it with the bounds' message and saves
nothing (the server still has the old settings); with 1 minute 10 seconds Save saves everything once, the owner stays
on the dashboard, and the form opened again shows what was saved. Screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.billing_support import network_page, network_user, tab
from tests.e2e.screens_support import connected_page, open_signed_in, pages_of, snap, switch_on
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)

MESSAGE = "Merci ! Nous vous répondons en privé."
SIZES = {"desktop": (1280, 800), "mobile": (375, 740)}
WORDS = {
    "en": {"settings": "Settings of {}", "spam": "Anti-spam (hide comments with links)",
           "hide": "Hide negative comments",
           "reply": "Public reply", "message": "Public reply message", "delay": "Delay before replying",
           "exactly": "Exactly", "minutes": "Minutes", "seconds": "Seconds", "save": "Save",
           "bounds": "Seconds go from 0 to 59", "nothing": "Nothing was saved", "saved": "Settings saved"},
    "fr": {"settings": "Paramètres de {}", "spam": "Anti-spam (masquer les commentaires avec liens)",
           "hide": "Masquer les commentaires négatifs", "reply": "Réponse publique",
           "message": "Message de la réponse publique", "delay": "Délai avant de répondre", "exactly": "Exact",
           "minutes": "Minutes", "seconds": "Secondes", "save": "Enregistrer", "bounds": "Les secondes vont de 0 à 59",
           "nothing": "Rien n'a été enregistré", "saved": "Paramètres enregistrés"},
}


@pytest.mark.parametrize("size", ["desktop", "mobile"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_settings_are_one_form_checked_saved_once_staying_on_the_dashboard(browser, product, screens_dir,  # noqa: F811
                                                                           size, lang):
    words = WORDS[lang]
    owner = network_user(product, "Hedi", "Reglages")
    product.grant_plan(owner["id"], "Agencies")
    name = f"Mahdia Surf {lang} {size}"
    network_page(product, name, owner)
    connected_page(product, owner["jwt"], name)
    shown = tab(browser, *SIZES[size])
    console = ConsoleWatch(shown)
    open_signed_in(shown, product, {"token": owner["jwt"], "user": owner["user"]}, None, "/home/dashboard", lang)

    shown.get_by_role("button", name=words["settings"].format(name)).click()
    form = shown.get_by_role("dialog", name=words["settings"].format(name))
    switch_on(form, words["spam"])
    switch_on(form, words["hide"])
    switch_on(form, words["reply"])
    form.get_by_label(words["message"]).fill(MESSAGE)
    expect(form.get_by_role("switch", name=words["spam"])).to_be_checked()  # still on: nothing reloaded
    switch_on(form, words["delay"])
    expect(form.get_by_role("radio", name=words["exactly"])).to_be_checked()
    form.get_by_label(words["seconds"]).fill("70")
    form.get_by_role("button", name=words["save"]).click()
    expect(form.get_by_text(words["bounds"])).to_be_visible()
    expect(form.get_by_text(words["nothing"])).to_be_visible()
    expect(form.get_by_label(words["seconds"])).to_have_value("70")
    shoot(shown, screens_dir, f"page-settings-refused-{size}-{lang}", full_page=False)
    assert pages_of(product, owner["jwt"])[name]["spam"] is False  # nothing was sent

    form.get_by_label(words["minutes"]).fill("1")
    form.get_by_label(words["seconds"]).fill("10")
    form.get_by_role("button", name=words["save"]).click()
    expect(shown.get_by_text(words["saved"])).to_be_visible()
    expect(form).to_have_count(0)
    assert shown.url == product.web_url + "/home/dashboard"
    saved = pages_of(product, owner["jwt"])[name]
    assert (saved["spam"], saved["hideComment"], saved["likesComment"]) == (True, True, False)
    assert saved["public_reply"] == {"statut": True, "message": MESSAGE}
    assert saved["respReplies"] == {"statut": "Exactly", "time": [70000]}

    shown.get_by_role("button", name=words["settings"].format(name)).click()
    form = shown.get_by_role("dialog", name=words["settings"].format(name))
    expect(form.get_by_role("switch", name=words["spam"])).to_be_checked()
    expect(form.get_by_role("switch", name=words["reply"])).to_be_checked()
    expect(form.get_by_label(words["message"])).to_have_value(MESSAGE)
    expect(form.get_by_label(words["minutes"])).to_have_value("1")
    expect(form.get_by_label(words["seconds"])).to_have_value("10")
    snap(shown, screens_dir, f"page-settings-saved-{size}-{lang}", full_page=False)
    assert console.violations() == []
    shown.context.close()
