import pytest

from nlp.spam import has_link

LINKS = [
    "visit https://shop.example/x now", "www.promo.tn", "soldes sur bonplan.com", "bit.ly/3xYz",
    "bit ly/3xYz", "promo dot com", "monshop point com", "promo [.] com", "promo(.)com", "promo . com",
    "hxxp://bad.example", "h t t p s : / / x", "w w w . site . com", "موقعنا promo نقطة كوم",
    "wa.me/21655123456", "T.ME/promos", "Promo.SHOP", "goo.gl/abc", "ＷＷＷ．promo．com",
]
NOT_LINKS = [
    "Prix et livraison?", "combien. Merci", "je suis à Tunis. on est ok", "c est top. me voila",
    "écrivez-moi à sara@mail.com", "3.5 cm de large", "ok.merci", "prix 25.5dt", "بقداش؟", "9adeh el robe",
]


@pytest.mark.parametrize("text", LINKS)
def test_links_with_or_without_scheme_and_disguised_are_found(text):
    assert has_link(text)


@pytest.mark.parametrize("text", NOT_LINKS)
def test_ordinary_punctuation_and_emails_are_not_links(text):
    assert not has_link(text)
