"""The abuse lexicons (nlp/data/lexicons/abusive_*.txt) as the engine reads them: a comment's words and phrases,
spelt the many ways fans write them (letters doubled, a prefix glued, letters masked with asterisks), each entry
taken back where its words name no one (after a negator, said of the writer or of a thing, an animal owned or sold,
a product called garbage, another sense of the word). nlp/moderation.py joins this to the abuse model."""
import itertools
import re
from functools import lru_cache

from nlp import normalize
from nlp.catalogue import lexicon_phrases
from nlp.said_of import said_of_no_one_else
from nlp.sentiment import single_letters

WORD_CACHE = 50_000
PHRASE_WORDS = 5
NEGATORS = frozenset({"not", "pas", "mouch", "mech", "mich", "موش", "مش", "ليس", "no"})
# A mild insult said of no one else is none (nlp/said_of.py); slurs and obscenity stay abusive whoever they are said of.
MILD_INSULTS = frozenset({"idiot", "idiote", "idiots", "idiotic", "moron", "dumbass", "imbecile", "debile", "abruti",
                          "abrutie", "cretin", "cretine", "conne", "teube", "ghbi", "غبي", "غبيه"})
# A word masked with asterisks by a writer who expects a filter ("c*nnasse", "f**k you", "fils de p***"), its first
# letter shown and a star a letter, can be any one-word insult of the lexicons or a swear word that insults no one
# (MASKED_SWEARING). The comment is abusive only when every reading is: "s**t happens" can be "shit happens".
MASKED_SWEARING = frozenset({"shit", "fuck", "fucking", "damn", "hell", "crap", "merde", "putain", "bordel"})
_MASKED = re.compile(r"(?<![\w*])[^\W\d_]+(?:\*[^\W\d_]*)+")
# Masked words read and readings tried at most, whatever the comment.
MASKED_WORDS = 16
MASK_READINGS = 16
LONGEST_MASKED = 30
# A lexicon word in its other sense names no one: an animal a comment owns, buys, sells or eats ("el kalb mte3i mridh",
# "عندي حمار للبيع", "شريت فرخ دجاج", "لحم الخنزير": a pet shop's, a livestock seller's or a grocer's comments), a
# zebra ("حمار وحشي"), a guard dog, a film's monkey, a breeder's bitch and her litter, a "fag break" (a cigarette),
# "pussy willow", "faggots and peas" (a British dish). Each such word has the words that show that sense before it
# and after it, a few words apart; called with "ya" ("ya kalb"), or with none of them near, it insults.
ANIMALS = (
    "kalb kleb klab kelb kalba 7mar hmar bhim bhima bhayem 7allouf hallouf 7alalif 5anzir khanzir far5 farkh 9erda "
    "gerda 7ayawen hayawen كلب كلاب الكلب الكلاب كلبه حمار حمير الحمير بهيم بهيمه بهايم بهائم حلوف حلاليف خنزير "
    "خنازير الخنازير قرد قرود القرود قرده فرخ حيوان حيوانات")
TRADED_BEFORE = ("3andi 3andna عندي عندنا nechri nchri نشري chrit chrina شريت شرينا nbi3 نبيع yebi3 يبيع nlawej "
                 "نلوج لحم دهن شحم جيلاتين film فيلم")
OWNED_AFTER = ("mte3i mte3na ta3i ta3na متاعي متاعنا نتاعي تبعي تبعنا ديالي ديالنا حقي عندي عندنا للبيع bi3 حراسه وحشي "
               # A breed names the animal a pet shop's customer asks for ("nheb kalb berger allemand, 9adeh?").
               "berger malinois husky pitbull rottweiler chihuahua caniche labrador doberman بيرجي مالينوا هاسكي "
               "بيتبول روتوايلر شيواوا كانيش لابرادور")
OTHER_SENSES = {"bitch": ("", "puppies puppy pups pup litter whelped"), "fag": ("", "break packet"),
                "pussy": ("", "willow"), "faggots": ("", "peas gravy")}
# Praise in a swear word, right after the word that makes it so: "kick ass boots", "these boots are bad ass" ("kick
# your ass" stays a threat).
PRAISING_BEFORE = {"ass": "bad kick"}
# Dirty, garbage, rotten and tasteless call a person names, and also say what a thing is worth: after the thing a
# comment is about ("المنتج زبالة", "el 5obza 5amja", "الطقس زبلة", "الطعم مسخ", "el service wsa5") they make a
# complaint (nlp/sentiment.py) or a remark, not abuse; said to someone ("ya msakh", "enti zebla") they insult. English
# "sucks" is read the same way ("this product sucks", "you suck").
FILTHY = ("masakh mesakh msakh mase5 masi5 mas5a مسخ مسخه ماسخ zebla zebbla زبله زباله wsa5 wsekh wsa5a wsekha وسخ "
          "وسخه khomej 5amej 5amja خامج خامجه suck sucks sux")
THINGS_BEFORE = (
    "المنتج منتج المنتوج منتوج السلعه سلعه البضاعه بضاعه الخدمه خدمه التوصيل توصيل الشحن الطعم طعم الماكله ماكله "
    "الاكل اكل الطقس طقس الجو الماتش ماتش الجوده جوده القماش قماش الكوموند الطلبيه طلبيه المحل محل الصفحه الفيديو "
    "فيديو البرنامج برنامج الحلقه الفيلم فيلم الاغنيه الريحه ريحه التطبيق الموقع الشارع الحومه الخبزه الخبز خبز "
    "الحليب الطماطم الغلال الخضره اللحم الدجاج الحلو القاطو الجاتو الباكو الكرتونه الصباط صباط الحذاء القميص السروال "
    "العطر عطر الماكياج الصابون الماء الما الكاس القهوه قهوه الشاي التاي السوم الاسعار الثمن produit produits prod "
    "service servis livraison commande comande 9omja 5obza makla mekla ta3m gout qualite match "
    "film video emission programme jaw ta9s sel3a sabbat sebbat 9mijja serwel parfum ri7a soum prix pizza "
    "sandwich 9ahwa cafe tay matchs "
    # What shops sell most, as their comments name it: clothes, shoes and bags, beauty, phones, furniture.
    "الكسوه كسوه الروبه روبه الفستان فستان الجاكيت البنطلون السبادري الشلاكه الساك ساك الشنطه الحقيبه "
    "الكريمه كريمه الشامبو الروج التلفون تلفون الهاتف هاتف الشارجور الشاحن السماعات الكاسك الطاوله الكرسي "
    "الفراش البلاستيك الخشب pull robe jupe pantalon veste manteau kaswa kabbout sac chaussures espadrille "
    "basket creme shampoing rouge telephone tel chargeur ecouteurs casque montre "
    "table chaise matelas tissu "
    # Food and drink, what a food page's complaints name.
    "الكسكسي كسكسي البيتزا بيتزا الحلويات حلويات الكيك كيك الحوت حوت لحم دجاج الجبن العصير عصير الياغورت "
    "الشكلاطه المقرونه السلاطه الصوص الفريت السندويتش الكسكروت kosksi couscous 7lowyet gateau gato cake 7out "
    "poisson viande l7am djej poulet fromage jben jus 3asir yaourt chocolat ma9rouna pates salade slata sauce "
    "frites pain khobz food bread meat chicken "
    # What English complaints name.
    "product products item delivery shipping quality app website site phone dress shoes order packaging support it "
    "this that "
    # A state of things or a stretch of time ("الحالة زبلة", "el qadhia zebla", "nhar zebla", "this week sucks"), never
    # a person; the Arabizi "7ala" and the weeks ("jom3a", "جمعة") are left out, being also names (Hala, Jomaa).
    "الحاله حاله القضيه قضيه qadhia qadheya النهار نهار nhar اليوم lyoum الاسبوع الدنيا dinya denya الحياه "
    "situation journee semaine week day")
# How many words before or after a word of another sense may show it; a thing a filthy word is said of is right
# before it, or one word away ("الماتش كان زبالة", "الطقس اليوم زبلة").
NEAR = 4
THING_NEAR = 2
VOCATIVES = frozenset({"ya", "يا"})


def _senses() -> dict[str, tuple[frozenset[str], frozenset[str], int]]:
    """Each word of OTHER_SENSES, ANIMALS, FILTHY and PRAISING_BEFORE, normalised: the words that show its other sense
    before it and after, and how far."""
    def words(text: str) -> frozenset[str]:
        return frozenset(normalize.tokens(text))

    senses = {word: (words(TRADED_BEFORE), words(OWNED_AFTER), NEAR) for word in words(ANIMALS)}
    senses.update({word: (words(THINGS_BEFORE), frozenset(), THING_NEAR) for word in words(FILTHY)})
    senses.update({word: (words(before), words(after), NEAR) for word, (before, after) in OTHER_SENSES.items()})
    senses.update({word: (words(before), frozenset(), 1) for word, before in PRAISING_BEFORE.items()})
    return senses


SENSES = _senses()


# Words glued to an insult: Arabic's article, "and", "with the", the vocative ("العاهره", "والكلب", "ياحمار") and the
# Arabizi vocative ("ya7mar"). Stripped only when what remains is a lexicon word of three letters or more.
PREFIXES = ("وال", "بال", "فال", "لل", "ال", "يا", "و", "ya")
SHORTEST_STRIPPED = 3
SHORTEST_SINGLE = 4


class Lexicon:
    """The abuse lexicons' words and phrases (up to PHRASE_WORDS words), as the engine normalises them. A comment's
    word that is no entry's first word is read again with every run of one letter written once ("idioot", "kalbb")
    and without a glued prefix. A one-word entry is also kept with its letters single ("connard" is also "conard")
    when that leaves SHORTEST_SINGLE letters or more, so "coon" never reads "con"."""

    def __init__(self, pattern: str = "abusive_*.txt"):
        written = lexicon_phrases(pattern)
        self.entries = written | {single_letters(entry) for entry in written
                                  if " " not in entry and len(single_letters(entry)) >= SHORTEST_SINGLE}
        self.starts = frozenset(entry.split()[0] for entry in self.entries)
        self.maskable = frozenset(entry for entry in written if " " not in entry and entry.isascii()) | MASKED_SWEARING
        self._words: dict[str, str] = {}

    def word(self, token: str) -> str:
        """The token as the lexicon writes it, cached: the same few thousand words make most comments."""
        found = self._words.get(token)
        if found is None:
            if len(self._words) >= WORD_CACHE:
                self._words.clear()
            found = self._words[token] = self._spelt(token)
        return found

    def _spelt(self, token: str) -> str:
        starts = self.starts
        if token in starts:
            return token
        single = single_letters(token)
        if single in starts:
            return single
        # The prefix first: "اللحاس" is "ال" and "لحاس", not "الحاس".
        for prefix in PREFIXES:
            rest = single_letters(token[len(prefix):])
            if token.startswith(prefix) and len(rest) >= SHORTEST_STRIPPED and rest in starts:
                return rest
        return token

    def spelt(self, tokens: list[str]) -> list[str]:
        """Each token as the lexicon writes it (`word`): what `hit` and `without_other_senses` read, spelt once by a
        caller that asks both."""
        return [self.word(token) for token in tokens]

    def without_other_senses(self, tokens: list[str], spelt: list[str] | None = None) -> list[str]:
        """The tokens less the words of SENSES read in their sense that names no one ("zebla" said of a product, the
        "kalb" one owns): the abuse head reads the rest, so a word the lexicon spares does not hide the comment through
        the head ("الخبز خامج", the bread is rotten, read as an insult by the weight "خامج" has in name-calling)."""
        spelt = self.spelt(tokens) if spelt is None else spelt
        if SENSES.keys().isdisjoint(spelt):
            return tokens
        return [token for start, (token, word) in enumerate(zip(tokens, spelt))
                if not (word in SENSES and in_other_sense(spelt, start))]

    def hit(self, tokens: list[str], spelt: list[str] | None = None) -> bool:
        entries, starts = self.entries, self.starts
        tokens = self.spelt(tokens) if spelt is None else spelt
        return any(" ".join(tokens[start:start + size]) in entries
                   for start, token in enumerate(tokens)
                   if token in starts and (start == 0 or tokens[start - 1] not in NEGATORS)
                   and not (token in MILD_INSULTS and said_of_no_one_else(tokens, start))
                   and not (token in SENSES and in_other_sense(tokens, start))
                   for size in range(1, PHRASE_WORDS + 1))


def in_other_sense(tokens: list[str], start: int) -> bool:
    """True when the words near tokens[start] show its sense that names no one (SENSES)."""
    if start > 0 and tokens[start - 1] in VOCATIVES:
        return False
    before, after, near = SENSES[tokens[start]]
    return not before.isdisjoint(tokens[max(start - near, 0):start]) or \
        not after.isdisjoint(tokens[start + 1:start + 1 + near])


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    return Lexicon()



def masked_insult(text: str) -> bool:
    """True when the comment holds a lexicon insult with some of its letters written as asterisks, however it is
    read."""
    if "*" not in text:
        return False
    text = normalize.strip_marks(text.casefold())
    pieces, fits, last = [], [], 0
    for found in itertools.islice(_MASKED.finditer(text), MASKED_WORDS):
        words = _fits(found.group())
        if words:
            pieces.append(normalize.tokens(text[last:found.start()]))
            fits.append(words)
            last = found.end()
    tail = normalize.tokens(text[last:])
    readings = itertools.islice(itertools.product(*fits), MASK_READINGS)
    return bool(fits) and all(
        lexicon().hit([token for piece, word in zip(pieces, reading) for token in (*piece, word)] + tail)
        for reading in readings)


@lru_cache(maxsize=4096)
def _fits(masked: str) -> list[str]:
    """The words the masked word can be."""
    if len(masked) > LONGEST_MASKED:
        return []
    pattern = re.compile(re.escape(masked).replace(r"\*", "[a-z]"))
    return sorted(word for word in lexicon().maskable if pattern.fullmatch(word))


