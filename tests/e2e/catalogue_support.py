"""What the catalogue screens' browser tests share: Amira signed in once a module (her pages are sandbox pages of each
test's own, agents_support.own_page), a category's or a product's row, a confirmation answered, a CSV chosen in the
file picker (one with a bad line), and a screenshot after the overflow check."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.agents_support import owner_session
from tests.e2e.screens_support import assert_no_overflow
from tests.e2e.test_layout_screens import shoot

BAD_CSV = "category,product,synonyms\nTapis,Tapis berbère,kilim|mergoum\n,Pouf,\nTapis,Tapis rond,\n"


def snap(tab: Page, screens_dir, name: str, full_page: bool = True) -> None:
    assert_no_overflow(tab)
    shoot(tab, screens_dir, f"catalogue-{name}", full_page)


def row(tab: Page, kind: str, name: str):
    return tab.locator(f"[data-{kind}='{name}']")


def confirm(tab: Page, button: str = "Confirm") -> None:
    dialog = tab.get_by_role("dialog")
    dialog.get_by_role("button", name=button).click()
    expect(tab.get_by_role("dialog")).to_have_count(0)


def import_csv(tab: Page, content: str, label: str = "Import CSV") -> None:
    with tab.expect_file_chooser() as chooser:
        tab.get_by_role("button", name=label).click()
    chooser.value.set_files({"name": "catalogue.csv", "mimeType": "text/csv", "buffer": content.encode()})


@pytest.fixture(scope="module")
def owner(product):
    return owner_session(product)
