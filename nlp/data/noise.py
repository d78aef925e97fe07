"""Controlled noise for build_comments.py: the typos, elongations, spellings and extras people add.

Each function takes a text and a seeded random.Random, so a variant is the same on every run.
Links, @tags and digits are never altered, so labels stay true after the noise.
"""
import re
import unicodedata

ARABIC_LETTER = re.compile(r"[\u0600-\u06FF]")
EDITABLE_WORD = re.compile(r"([^\W\d_]|\d(?=[^\W\d_]))[^\W_]*[?!,؟]*")
PROTECTED = re.compile(r"^(@|https?:|www|.*[./:]|dot$|com$|net$|tn$)", re.IGNORECASE)
TAGGED_FRIENDS = ["@Amira Ben Salah", "@Yassine Trabelsi", "@Sarra Jlassi", "@Mohamed Ali Gharbi", "@Nour Hamdi",
                  "@Khalil Ayari", "@Ines Mejri", "@Oumaima Ferchichi", "@Rania Dridi", "@Aziz Chaabane",
                  "@Salma Bouzid", "@Hamza Ouertani", "@Emna Khelifi", "@Wael Sassi", "@Chaima Ben Amor"]
EMOJIS = {"ask": ["🙏", "🤔", "😍", "🥰", "👌", "😊", "🙏🙏", "❤️", "✨"],
          "praise": ["❤️", "😍", "🔥", "👏", "💯", "🥰", "😂", "😍😍😍", "❤️❤️", "👌"],
          "angry": ["😡", "🤬", "👎", "😤", "😒", "🙄", "😡😡", "👎👎"],
          "quiz": ["🤞", "🍀", "✌️", "🤞🤞", "😍", "🙏"]}
POLITE = {"fr": ["svp", "stp", "svpp", "s'il vous plait", "merci", "en mp svp", "svp en prv", "mrc"],
          "en": ["pls", "please", "plz", "thanks", "dm please", "inbox pls", "thx"],
          "tn": ["3aychek", "brabi", "y3aychek", "svp", "fi inbox", "mp", "yatik se7a", "3aslema"],
          "tn_arabic": ["بربي", "يعيشك", "عيشك", "إنبوكس", "بالله", "وشكرا"],
          "ar": ["من فضلك", "لو سمحت", "شكرا", "في الخاص", "رجاء", "مع الشكر"]}
SMS_FR = {"que": "ke", "quoi": "koi", "c'est": "c", "pour": "pr", "vous": "vs", "combien": "cmb",
          "bonjour": "bjr", "merci": "mrc", "beaucoup": "bcp", "quand": "qd", "est-ce que": "esk", "qui": "ki"}
SMS_EN = {"you": "u", "are": "r", "please": "pls", "thanks": "thx", "your": "ur", "what": "wat",
          "okay": "ok", "because": "cuz", "how much": "hw much"}
ARABIZI_SPELLINGS = [("ch", "sh"), ("ou", "o"), ("9", "q"), ("7", "h"), ("3", "a"), ("ee", "i"), ("kh", "5"),
                     ("dh", "th"), ("a", "e")]
ARABIC_SPELLINGS = [("أ", "ا"), ("إ", "ا"), ("آ", "ا"), ("ة", "ه"), ("ى", "ي"), ("؟", "?")]


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if unicodedata.category(c) != "Mn"
                                                or ARABIC_LETTER.match(c)))


def is_arabic_script(text: str) -> bool:
    return len(ARABIC_LETTER.findall(text)) > len(re.findall(r"[A-Za-z]", text))


def editable_word_positions(words: list[str], min_length: int) -> list[int]:
    """Words made of letters (Arabizi digits allowed inside), never numbers, emoji, links or tags."""
    return [i for i, word in enumerate(words)
            if len(word.rstrip("?!,؟")) >= min_length and EDITABLE_WORD.fullmatch(word) and not PROTECTED.match(word)]


def typo(text: str, rng) -> str:
    """One keyboard slip in one word: two letters swapped, one dropped or one doubled."""
    words = text.split(" ")
    positions = editable_word_positions(words, 4)
    if not positions:
        return text
    index = rng.choice(positions)
    word, at = words[index], rng.randrange(1, len(words[index]) - 1)
    kind = rng.choice(["swap", "drop", "double"])
    if kind == "swap":
        word = word[:at] + word[at + 1] + word[at] + word[at + 2:]
    elif kind == "drop":
        word = word[:at] + word[at + 1:]
    else:
        word = word[:at] + word[at] + word[at:]
    words[index] = word
    return " ".join(words)


def elongate(text: str, rng) -> str:
    """'priiiix', 'merciii', 'بقداااش': a letter of one word held for two to four more beats."""
    words = text.split(" ")
    vowels = "اوي" if is_arabic_script(text) else "aeiouy"
    positions = [i for i in editable_word_positions(words, 2) if any(c in vowels for c in words[i].lower())]
    if not positions:
        return text
    index = rng.choice(positions)
    word = words[index]
    at = max(i for i, c in enumerate(word) if c.lower() in vowels)
    words[index] = word[:at + 1] + word[at] * rng.randint(2, 4) + word[at + 1:]
    return " ".join(words)


def respell(text: str, rng, lang: str) -> str:
    """Spellings that vary between writers: SMS French and English, Arabizi digraphs, Arabic letter forms."""
    if is_arabic_script(text):
        pairs = [pair for pair in ARABIC_SPELLINGS if pair[0] in text]
        for old, new in rng.sample(pairs, min(len(pairs), 2)):
            text = text.replace(old, new)
        return text
    lowered = text.lower()
    if lang in ("fr", "en"):
        table = SMS_FR if lang == "fr" else SMS_EN
        hits = [word for word in table if re.search(rf"\b{re.escape(word)}\b", lowered)]
        if not hits:
            return text
        word = rng.choice(hits)
        return re.sub(rf"\b{re.escape(word)}\b", table[word], text, count=1, flags=re.IGNORECASE)
    pairs = [pair for pair in ARABIZI_SPELLINGS if pair[0] in lowered]
    if not pairs:
        return text
    old, new = rng.choice(pairs)
    words = text.split(" ")
    positions = [i for i in editable_word_positions(words, 3) if old in words[i]]
    if positions:
        index = rng.choice(positions)
        words[index] = words[index].replace(old, new, 1)
    return " ".join(words)


def recase(text: str, rng) -> str:
    kind = rng.choice(["lower", "lower", "upper", "title"])
    if kind == "upper" and len(text) < 60:
        return text.upper()
    if kind == "title":
        return text[:1].upper() + text[1:]
    return text.lower()


def repunctuate(text: str, rng, asking: bool) -> str:
    """Questions gain or lose question marks; statements only lose or gain '!!' and '...'."""
    stripped = text.rstrip("?!.؟ ")
    question_mark = " ؟" if is_arabic_script(text) else "?"
    endings = ["", " ?", "??", "???", "?!", question_mark] if asking else ["", " !!", "!", " ...", "!!!"]
    return stripped + rng.choice(endings)


def tone(item: dict) -> str:
    if item["negative"]:
        return "angry"
    if item["intents"] == ["quiz"]:
        return "quiz"
    return "ask" if item["intents"] else "praise"


def add_emoji(text: str, rng, item: dict) -> str:
    emoji = rng.choice(EMOJIS[tone(item)])
    return f"{emoji} {text}" if rng.random() < 0.2 else f"{text} {emoji}"


def tag_friend(text: str, rng) -> str:
    friend = rng.choice(TAGGED_FRIENDS)
    return f"{friend} {text}" if rng.random() < 0.6 else f"{text} {friend}"


def add_polite(text: str, rng, item: dict) -> str:
    key = "tn_arabic" if item["lang"] == "tn" and is_arabic_script(text) else item["lang"]
    return f"{text.rstrip('?!.؟ ')} {rng.choice(POLITE[key])}"


def make_variant(item: dict, rng) -> str:
    """Two or three kinds of noise on the sentence; links keep their letters untouched."""
    text = item["text"]
    rewrites = [lambda t: repunctuate(t, rng, bool(item["intents"])), lambda t: recase(t, rng), strip_accents,
                lambda t: respell(t, rng, item["lang"])]
    if not item["has_link"]:
        rewrites += [lambda t: typo(t, rng), lambda t: typo(t, rng), lambda t: elongate(t, rng)]
    extras = [lambda t: add_emoji(t, rng, item), lambda t: tag_friend(t, rng)]
    if item["intents"] and not item["negative"] and item["intents"] != ["quiz"]:
        extras.append(lambda t: add_polite(t, rng, item))
    chosen = rng.sample(rewrites + extras, rng.choice([2, 2, 3]))
    # Extras go last so a typo never lands inside a tagged name and punctuation stays before the emoji.
    for operation in sorted(chosen, key=lambda operation: operation in extras):
        text = operation(text)
    return re.sub(r"\s+", " ", text).strip()
