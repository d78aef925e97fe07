"""The catalogue screens in a browser at the other widths and languages (spec 001 §2 "Manage products", "Add
category", "Update category", §9): at 375 px in French, the three screens, the CSV's bad lines and the cut texts fit
a phone; at 375 px in English and 1280 px in French, the three screens for the screenshots and the overflow check.
Each on a sandbox page of the test's own.

Screenshots go to screens/ and /tmp/screens/."""
from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.e2e.agents_support import open_as, own_page, page_id
from tests.e2e.catalogue_support import (BAD_CSV, confirm, import_csv, owner, row,  # noqa: F401 (owner: a fixture)
                                         snap)
from tests.e2e.screens_support import api
from tests.e2e.test_layout_screens import screens_dir  # noqa: F401 (screens_dir is a fixture)


def test_the_screens_on_a_phone_in_french(mobile_page: Page, product, owner, screens_dir):  # noqa: F811
    tab = mobile_page
    jwt = owner["token"]
    shop = own_page(product, jwt, f"Poterie Sejnane {int(time.time())}")
    api(product, jwt, "POST", f"/pages/entities/add/{page_id(shop)}", json={"idPage": page_id(shop), "entity": {
        "name": "Poteries berbères de Sejnane", "values": [
            {"content": "Jarre décorée à la main", "synonyms": ["jarre", "khabia traditionnelle", "zir"]},
            {"content": "Bol", "synonyms": []}]}})

    open_as(tab, product, owner, "/home/manage-products", shop, lang="fr")
    category = row(tab, "category", "Poteries berbères de Sejnane")
    expect(category).to_contain_text("2 produits", timeout=10_000)
    import_csv(tab, BAD_CSV, "Importer un CSV")
    expect(tab.locator(".catalogue__badLines")).to_contain_text("Ligne 3 : la catégorie est vide")
    snap(tab, screens_dir, "manage-mobile-fr")

    tab.get_by_role("button", name="Ouvrir Poteries berbères de Sejnane").click()
    jar = row(tab, "product", "Jarre décorée à la main")
    expect(jar.locator(".catalogue__productLabel")).to_have_text("Jarre déc…")
    expect(jar.get_by_text("khabia tra…")).to_be_visible()
    tab.get_by_role("textbox", name="Rechercher un produit").fill("vase")
    expect(tab.locator(".catalogue__noResults")).to_have_text("Aucun produit ne correspond à « vase ».")
    tab.get_by_role("textbox", name="Rechercher un produit").fill("")
    snap(tab, screens_dir, "update-mobile-fr")
    jar.get_by_role("button", name="Supprimer Jarre décorée à la main").click()
    expect(tab.get_by_role("dialog")).to_contain_text("Supprimer « Jarre décorée à la main » et ses synonymes ?")
    snap(tab, screens_dir, "update-confirm-mobile-fr", full_page=False)  # the window: the modal is fixed
    confirm(tab, "Annuler")
    expect(jar).to_be_visible()

    tab.goto(product.web_url + "/home/add-new-products")
    tab.get_by_role("textbox", name="Nom de la catégorie").fill("Tapis")
    tab.get_by_role("textbox", name="Nom de la catégorie").press("Enter")
    tab.get_by_role("textbox", name="Produit", exact=True).fill("Tapis berbère fait main")
    tab.get_by_role("textbox", name="Produit", exact=True).press("Enter")
    synonym = row(tab, "product", "Tapis berbère fait main").get_by_role("textbox", name="Ajouter un synonyme")
    synonym.fill("kilim")
    synonym.press("Enter")
    expect(row(tab, "product", "Tapis berbère fait main")).to_contain_text("kilim")
    snap(tab, screens_dir, "add-mobile-fr")


def test_english_at_375_and_french_at_1280(page: Page, mobile_page: Page, product, owner, screens_dir):  # noqa: F811
    """The other two pairings of width and language, for the screenshots and the overflow check."""
    jwt = owner["token"]
    shop = own_page(product, jwt, f"Dinanderie Medina {int(time.time())}")
    api(product, jwt, "POST", f"/pages/entities/add/{page_id(shop)}", json={"idPage": page_id(shop), "entity": {
        "name": "Cuivre", "values": [{"content": "Plateau en cuivre ciselé", "synonyms": ["sinia", "plateau ciselé"]}]}})
    for tab, lang, width in ((mobile_page, "en", "mobile"), (page, "fr", "desktop")):
        open_as(tab, product, owner, "/home/manage-products", shop, lang=lang)
        expect(row(tab, "category", "Cuivre")).to_be_visible(timeout=10_000)
        snap(tab, screens_dir, f"manage-{width}-{lang}")
        tab.locator("[data-category='Cuivre'] button").first.click()
        expect(row(tab, "product", "Plateau en cuivre ciselé")).to_be_visible()
        snap(tab, screens_dir, f"update-{width}-{lang}")
        tab.goto(product.web_url + "/home/add-new-products")
        expect(tab.locator(".catalogue__name")).to_be_visible()
        snap(tab, screens_dir, f"add-{width}-{lang}")
