"""Language of a comment as the page owner reads it: Modern Standard Arabic told from Tunisian in Arabic script,
Tunisian in Arabizi told from French and English."""
import pytest

from nlp import dialect, normalize


@pytest.mark.parametrize("text, expected", [
    ("هل عندكم عطر الياسمين؟", "ar"),
    ("أريد أن أعرف سعر هذا المنتج من فضلكم", "ar"),
    ("هل يمكنني الدفع عند الاستلام؟", "ar"),
    ("إن هذا القرار الذي اتخذته الحكومة ليس في مصلحة الشعب", "ar"),
    ("عندكم ريحة الياسمين ؟", "tn"),
    ("بقداش هاذي و وقتاش توصل ؟", "tn"),
    ("برشا باهي البرنامج هذا يعيشكم", "tn"),
    ("شنوة هالمهزلة ما عادش نتفرج فيكم", "tn"),
    ("3andkom parfum jasmin?", "tn"),
    ("9adeh soumha?", "tn"),
    ("vous avez l'eau de jasmin ?", "fr"),
    ("do you have the jasmine perfume?", "en"),
])
def test_comment_language(matcher, text, expected):
    assert matcher.match(text).language == expected


def test_dialect_score_ignores_words_in_latin_letters():
    arabic = normalize.tokens("برشا باهي")
    assert dialect.tunisian_score(arabic) > 0
    assert dialect.tunisian_score(arabic + ["hello", "123"]) == dialect.tunisian_score(arabic)
