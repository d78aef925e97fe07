"""The catalogue screens in a browser (spec 001 §2 "Manage products", "Add category", "Update category", §5, §7
"Products", §9), against the running product and the sandbox, on a sandbox page of this test's own.

- At 1280 px in English: My products, visited after the page was selected, shows the empty state at once; a category
  is built on Add category (Enter confirms its name, the product input disabled until then, synonyms with Enter);
  a non-empty category cannot be deleted (the hint); on Update category the name is changed with Enter, a product is
  added and deleted, a product rename is reverted when not confirmed and saved when confirmed, a synonym is added and
  removed (each through its confirmation), names whole and long synonyms cut with a tooltip, a search without result
  quotes the text; a CSV with one bad line is refused (its line listed, nothing changed), then a good one imported;
  an empty category deleted.
- The catalogue reaches the agents: an agent answering Availability, with a product answer for a product of the
  catalogue, is opened from My agents in the wizard's chat simulator (the wizard's UI, step 3): a comment naming a
  word the catalogue does not know gets the generic answer; once that word is added as the product's synonym on
  Update category, the same comment gets the product's answer.

Screenshots at 1280 px in English go to screens/ and /tmp/screens/ (tests/e2e/test_catalogue_widths_screens.py: the
other widths and language)."""
from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.e2e.agents_support import new_post, open_as, own_page, page_id
from tests.e2e.catalogue_support import (BAD_CSV, confirm, import_csv, owner, row,  # noqa: F401 (owner: a fixture)
                                         snap)
from tests.e2e.screens_support import api
from tests.e2e.test_content_security_policy import ConsoleWatch
from tests.e2e.test_layout_screens import screens_dir, shoot  # noqa: F401 (screens_dir is a fixture)
from tests.e2e.wizard_support import say

GENERIC_ANSWER = "Oui, nos articles sont disponibles en boutique."
LAMP_ANSWER = "La lampe zellij est disponible à 95 DT."
COMMENT = "Est-ce que le mesbah est disponible ?"
GOOD_CSV = "category,product,synonyms\nTapis,Tapis berbère,kilim|mergoum\nTapis,Tapis rond,\n"


def categories(product, jwt: str, page: dict) -> dict:
    """{category: {product: [synonyms]}} as the API lists them."""
    answer = api(product, jwt, "GET", f"/project/get/entitiesproject/facebook/{page_id(page)}")
    return {category["name"]: {child["content"]: child["synonyms"] for child in category["children"]}
            for category in answer["data"]}


def agent_for(product, jwt: str, page: dict) -> tuple[int, str]:
    """An agent for a new post of the page, built through the API as the wizard builds it: Availability with a
    generic answer and, for the product "Lampe zellij", a product answer. Not trained: the simulator answers drafts."""
    post_id = new_post(product, page, f"Lampes en zellige, nouvelle série {int(time.time())}")
    project_id = api(product, jwt, "POST", "/project/add", json={"post": {
        "idPage": page_id(page), "name": page["name"], "typePage": "facebook", "idPost": post_id, "picture": None,
        "message": "Lampes en zellige", "status": "published", "published": True}})
    api(product, jwt, "PUT", f"/project/generiqueadd/{project_id}",
        json={"intent": "availability", "genericAnswer": GENERIC_ANSWER})
    answer = api(product, jwt, "PUT", f"/project/firstupdate/{project_id}",
                 json={"entity": "Lampe zellij", "intent": "availability", "specificAnswer": LAMP_ANSWER,
                       "buttons": []})
    assert answer not in ("exist", "not exist"), answer
    return project_id, post_id


def simulator_reply(tab: Page, product) -> str:
    """Opens the agent from My agents (its Edit action leads to the wizard's step 3) and says COMMENT."""
    tab.goto(product.web_url + "/home/my-agents")
    tab.get_by_role("button", name="Edit", exact=False).first.click()
    expect(tab.get_by_text("Chat simulator")).to_be_visible()
    return say(tab, COMMENT).inner_text()


def test_a_category_built_changed_imported_and_matched_in_the_simulator(page: Page, product, owner,  # noqa: F811
                                                                         screens_dir):
    console = ConsoleWatch(page)
    jwt = owner["token"]
    shop = own_page(product, jwt, f"Atelier Zellige {int(time.time())}")

    # My products: a page chosen before this visit lists its categories at once (issue 42); a new page has none.
    open_as(page, product, owner, "/home/manage-products", shop)
    expect(page.get_by_text("No category yet.")).to_be_visible()
    expect(page.locator(".catalogue__page")).to_contain_text(shop["name"])
    snap(page, screens_dir, "manage-empty-desktop-en")

    # Add category: Enter confirms the name; until then the product input is disabled.
    page.locator(".catalogue__search").get_by_role("textbox")  # the search is there before any category
    page.get_by_role("link", name="Add a category").first.click()
    expect(page).to_have_url(product.web_url + "/home/add-new-products")
    product_input = page.get_by_role("textbox", name="Product", exact=True)
    expect(product_input).to_be_disabled()
    page.get_by_role("textbox", name="Category name").fill("Luminaires")
    expect(product_input).to_be_disabled()
    page.get_by_role("textbox", name="Category name").press("Enter")
    expect(page.locator(".catalogue__confirmedName")).to_have_text("Luminaires")
    expect(product_input).to_be_enabled()
    for name in ("Lampe zellige", "Applique murale laiton"):
        product_input.fill(name)
        product_input.press("Enter")
    expect(row(page, "product", "Lampe zellige")).to_be_visible()
    lamp_synonym = row(page, "product", "Lampe zellige").get_by_role("textbox", name="Add a synonym")
    lamp_synonym.fill("fanous")
    lamp_synonym.press("Enter")
    lamp_synonym.fill("luminaire artisanal")
    lamp_synonym.press("Enter")
    expect(row(page, "product", "Lampe zellige")).to_contain_text("fanous")
    expect(row(page, "product", "Applique murale laiton")).to_be_visible()
    snap(page, screens_dir, "add-desktop-en")
    page.get_by_role("button", name="Save the category").click()
    expect(page).to_have_url(product.web_url + "/home/manage-products")
    assert categories(product, jwt, shop) == {"Luminaires": {"Lampe zellige": ["fanous", "luminaire artisanal"],
                                                            "Applique murale laiton": []}}

    # The list: the count; a non-empty category cannot be deleted (the hint, no confirmation).
    luminaires = row(page, "category", "Luminaires")
    expect(luminaires).to_contain_text("2 products", timeout=10_000)
    luminaires.get_by_role("button", name="Delete Luminaires").hover()
    expect(page.get_by_role("tooltip")).to_contain_text("The category is not empty")
    luminaires.get_by_role("button", name="Delete Luminaires").click(force=True)  # greyed (aria-disabled)
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.get_by_role("textbox", name="Search a category").fill("zzz")
    expect(page.locator(".catalogue__noMatch")).to_have_text('No category matches "zzz".')
    page.get_by_role("textbox", name="Search a category").fill("lumin")
    snap(page, screens_dir, "manage-desktop-en")

    # Update category: the page, the name changed with Enter.
    page.get_by_role("button", name="Open Luminaires").click()
    expect(page).to_have_url(product.web_url + "/home/update-products")
    expect(page.locator(".catalogue__page")).to_contain_text(shop["name"])
    page.get_by_role("button", name="Rename the category").click()
    page.get_by_role("textbox", name="Rename the category").fill("Luminaires & lampes")
    page.get_by_role("textbox", name="Rename the category").press("Enter")
    expect(page.locator(".catalogue__categoryTitle")).to_have_text("Luminaires & lampes")

    # The cuts: on a wide screen a product name shows whole (issue 42: "Eau de Ja…" said nothing); a synonym over
    # 10 characters shows 10 with the whole text in a tooltip.
    applique = row(page, "product", "Applique murale laiton")
    expect(applique.locator(".catalogue__productLabel")).to_have_text("Applique murale laiton")
    lamp = row(page, "product", "Lampe zellige")
    expect(lamp.locator(".catalogue__productLabel")).to_have_text("Lampe zellige")
    expect(lamp.get_by_text("luminaire …")).to_be_visible()
    lamp.get_by_text("luminaire …").hover()
    expect(page.get_by_role("tooltip", name="luminaire artisanal")).to_be_visible()

    # A product added, then deleted after its confirmation.
    page.get_by_role("textbox", name="New product").fill("Vase")
    page.get_by_role("button", name="Add product").click()
    expect(row(page, "product", "Vase")).to_be_visible()
    row(page, "product", "Vase").get_by_role("button", name="Delete Vase").click()
    expect(page.get_by_role("dialog")).to_contain_text('Delete "Vase" and its synonyms?')
    confirm(page)
    expect(row(page, "product", "Vase")).to_have_count(0)

    # A rename not confirmed is reverted; confirmed, it is saved.
    lamp.get_by_role("button", name="Rename Lampe zellige").click()
    page.get_by_role("textbox", name="Rename Lampe zellige").fill("Lampe zellij")
    page.get_by_role("textbox", name="Rename Lampe zellige").press("Enter")
    expect(page.get_by_role("dialog")).to_contain_text('Rename "Lampe zellige" to "Lampe zellij"?')
    confirm(page, "Cancel")
    expect(lamp.locator(".catalogue__productLabel")).to_have_text("Lampe zellige")
    assert "Lampe zellige" in categories(product, jwt, shop)["Luminaires & lampes"]
    lamp.get_by_role("button", name="Rename Lampe zellige").click()
    page.get_by_role("textbox", name="Rename Lampe zellige").fill("Lampe zellij")
    page.get_by_role("textbox", name="Rename Lampe zellige").press("Enter")
    confirm(page)
    lamp = row(page, "product", "Lampe zellij")
    expect(lamp.locator(".catalogue__productLabel")).to_have_text("Lampe zellij")

    # A synonym removed, after its confirmation.
    lamp.get_by_role("button", name="Remove the synonym fanous").click()
    confirm(page)
    expect(lamp.get_by_role("button", name="Remove the synonym fanous")).to_have_count(0)
    assert categories(product, jwt, shop)["Luminaires & lampes"]["Lampe zellij"] == ["luminaire artisanal"]

    # The search by content, with the no-results message quoting it.
    page.get_by_role("textbox", name="Search a product").fill("tapis")
    expect(page.locator(".catalogue__noResults")).to_have_text('No product matches "tapis".')
    page.get_by_role("textbox", name="Search a product").fill("")
    snap(page, screens_dir, "update-desktop-en")

    # The simulator before the synonym: "mesbah" is no word of the catalogue, the generic answer comes.
    agent_for(product, jwt, shop)
    assert GENERIC_ANSWER in simulator_reply(page, product)

    # The synonym added on Update category (Enter, then its confirmation) ...
    page.goto(product.web_url + "/home/manage-products")
    page.get_by_role("button", name="Open Luminaires & lampes").click(timeout=10_000)
    lamp = row(page, "product", "Lampe zellij")
    lamp.get_by_role("textbox", name="Add a synonym").fill("mesbah")
    lamp.get_by_role("textbox", name="Add a synonym").press("Enter")
    expect(page.get_by_role("dialog")).to_contain_text('Add "mesbah" to "Lampe zellij"?')
    confirm(page)
    expect(lamp.get_by_role("button", name="Remove the synonym mesbah")).to_be_visible()
    # ... and the very next simulator message names the product.
    assert LAMP_ANSWER in simulator_reply(page, product)
    shoot(page, screens_dir, "catalogue-simulator-desktop-en")

    # CSV: a file with one bad line is refused whole, its line listed; then the good one is imported.
    page.goto(product.web_url + "/home/manage-products")
    expect(row(page, "category", "Luminaires & lampes")).to_be_visible(timeout=10_000)
    before = categories(product, jwt, shop)
    import_csv(page, BAD_CSV)
    bad_lines = page.locator(".catalogue__badLines")
    expect(bad_lines).to_contain_text("The file was not imported")
    expect(bad_lines).to_contain_text("Line 3: the category is empty")
    expect(bad_lines.get_by_role("listitem")).to_have_count(1)
    assert categories(product, jwt, shop) == before
    expect(row(page, "category", "Tapis")).to_have_count(0)
    snap(page, screens_dir, "manage-bad-csv-desktop-en")
    import_csv(page, GOOD_CSV)
    expect(page.locator(".catalogue__imported")).to_contain_text("Imported. New categories: 1, products: 2, synonyms: 2.")
    expect(row(page, "category", "Tapis")).to_contain_text("2 products")
    assert categories(product, jwt, shop)["Tapis"] == {"Tapis berbère": ["kilim", "mergoum"], "Tapis rond": []}

    # An empty category is deleted after its confirmation.
    page.get_by_role("link", name="Add a category").first.click()
    page.get_by_role("textbox", name="Category name").fill("Céramique")
    page.get_by_role("textbox", name="Category name").press("Enter")
    page.get_by_role("button", name="Save the category").click()
    empty = row(page, "category", "Céramique")
    expect(empty).to_contain_text("0 products", timeout=10_000)
    empty.get_by_role("button", name="Delete Céramique").click()
    expect(page.get_by_role("dialog")).to_contain_text('Delete the category "Céramique"?')
    confirm(page)
    expect(row(page, "category", "Céramique")).to_have_count(0)
    assert "Céramique" not in categories(product, jwt, shop)
    assert console.violations() == []
