"""The matching benchmark's shop: a 5,000-product catalogue the way a large Tunisian online shop writes it (five
departments, multi-word names with accents, model names and sizes, synonyms in English, Arabic and Tunisian in
both scripts), and long, rambling comments that name its products, some misspelt, around real questions."""
import random

# Product kinds per department: French name, English, Arabic, Tunisian in Latin letters, Tunisian in Arabic script.
KINDS = {
    "Mode": [("robe longue", "long dress", "فستان طويل", "rouba twila", "روبة طويلة"),
             ("robe de soirée", "evening dress", "فستان سهرة", "rouba sahra", "روبة سهرية"),
             ("jupe plissée", "pleated skirt", "تنورة مطوية", "jipa plissé", "جيبة بليسي"),
             ("veste en cuir", "leather jacket", "سترة جلد", "jakta jeld", "جاكتة جلد"),
             ("chemise en lin", "linen shirt", "قميص كتان", "souriya lin", "سورية لين"),
             ("pantalon large", "wide trousers", "سروال واسع", "serwel wesa3", "سروال واسع"),
             ("manteau long", "long coat", "معطف طويل", "kabbout twil", "كبوط طويل"),
             ("sac à main", "handbag", "حقيبة يد", "sak", "صاك"),
             ("baskets", "sneakers", "حذاء رياضي", "sbadri", "سبادري"),
             ("écharpe", "scarf", "وشاح", "charpa", "شاربة"),
             ("pull col roulé", "turtleneck sweater", "كنزة برقبة", "triko", "تريكو"),
             ("sandales à talon", "heeled sandals", "صندل بكعب", "sandel kaab", "صندل بالكعب")],
    "Maison": [("canapé d'angle", "corner sofa", "كنبة زاوية", "salon angle", "صالون زاوية"),
               ("table basse", "coffee table", "طاولة قهوة", "tawla sghira", "طاولة صغيرة"),
               ("lit double", "double bed", "سرير مزدوج", "farch kbir", "فرش كبير"),
               ("armoire", "wardrobe", "خزانة ملابس", "dolab", "دولاب"),
               ("chaise de salle à manger", "dining chair", "كرسي طعام", "korsi", "كرسي"),
               ("bibliothèque", "bookcase", "مكتبة", "maktba", "مكتبة خشب"),
               ("lampe de chevet", "bedside lamp", "مصباح سرير", "lampa", "لمبة"),
               ("tapis berbère", "berber rug", "زربية بربرية", "zarbia", "زربية"),
               ("miroir rond", "round mirror", "مرآة دائرية", "mraya", "مراية"),
               ("commode", "chest of drawers", "خزانة أدراج", "komoda", "كومودة"),
               ("matelas", "mattress", "مرتبة", "matla", "مطلة"),
               ("buffet", "sideboard", "بوفيه", "bufé", "بيفي")],
    "Beauté": [("sérum vitamine c", "vitamin c serum", "سيروم فيتامين سي", "serum vitamine", "سيروم"),
               ("crème hydratante", "moisturising cream", "كريم مرطب", "krem", "كريم"),
               ("huile d'argan", "argan oil", "زيت أرغان", "zit argan", "زيت الأرقان"),
               ("shampooing", "shampoo", "شامبو", "chompo", "شومبو"),
               ("rouge à lèvres", "lipstick", "أحمر شفاه", "rouge", "روج"),
               ("mascara", "mascara", "ماسكارا", "maskara", "مسكارا"),
               ("fond de teint", "foundation", "كريم أساس", "fondteint", "فون دو تان"),
               ("eau de parfum", "perfume", "عطر", "parfan", "ريحة"),
               ("crème solaire", "sunscreen", "واقي شمس", "ecran", "ايكرون"),
               ("masque visage", "face mask", "قناع الوجه", "masque", "ماسك"),
               ("gel douche", "shower gel", "جل استحمام", "gel douch", "جال دوش"),
               ("vernis à ongles", "nail polish", "طلاء أظافر", "vernis", "فيرني")],
    "High-tech": [("smartphone", "smartphone", "هاتف ذكي", "portable", "بورتابل"),
                  ("écouteurs sans fil", "wireless earbuds", "سماعات لاسلكية", "kitman", "كيتمان"),
                  ("montre connectée", "smartwatch", "ساعة ذكية", "montre", "مونتر"),
                  ("ordinateur portable", "laptop", "حاسوب محمول", "pc portable", "بي سي"),
                  ("chargeur rapide", "fast charger", "شاحن سريع", "charjour", "شارجور"),
                  ("enceinte bluetooth", "bluetooth speaker", "مكبر صوت", "baffle", "بافل"),
                  ("tablette", "tablet", "جهاز لوحي", "tablet", "تابلات"),
                  ("clé usb", "usb stick", "ذاكرة فلاش", "cle usb", "كلي"),
                  ("coque de téléphone", "phone case", "غطاء هاتف", "coque", "كوك"),
                  ("télévision", "television", "تلفاز", "televizion", "تلفزة"),
                  ("souris sans fil", "wireless mouse", "فأرة لاسلكية", "souris", "سوري"),
                  ("casque gaming", "gaming headset", "سماعة ألعاب", "casque", "كاسك")],
    "Épicerie": [("huile d'olive", "olive oil", "زيت زيتون", "zit zitouna", "زيت زيتونة"),
                 ("dattes deglet nour", "deglet nour dates", "تمر دقلة نور", "tmar", "تمر"),
                 ("harissa", "harissa", "هريسة", "hrissa", "هريسة عربي"),
                 ("miel de thym", "thyme honey", "عسل زعتر", "3sal", "عسل"),
                 ("couscous", "couscous", "كسكسي", "kosksi", "كسكسي عربي"),
                 ("café moulu", "ground coffee", "قهوة مطحونة", "9ahwa", "قهوة"),
                 ("thé vert", "green tea", "شاي أخضر", "tay akhdher", "تاي أخضر"),
                 ("amandes", "almonds", "لوز", "louz", "لوز مقشر"),
                 ("pâtes", "pasta", "معكرونة", "ma9rouna", "مقرونة"),
                 ("chocolat noir", "dark chocolate", "شوكولاتة", "chocolat", "شكلاطة"),
                 ("confiture de figues", "fig jam", "مربى التين", "marmlad karmous", "مربى كرموس"),
                 ("bsissa", "bsissa", "بسيسة", "bsisa", "بسيسة عربي")],
}
# Qualifiers per department: French, English.
QUALIFIERS = {
    "Mode": [("fleurie", "floral"), ("noire", "black"), ("blanche", "white"), ("beige", "beige"), ("brodée", "embroidered"),
             ("en satin", "satin"), ("oversize", "oversized"), ("vintage", "vintage"), ("rayée", "striped"),
             ("bordeaux", "burgundy"), ("kaki", "khaki"), ("en velours", "velvet")],
    "Maison": [("en chêne", "oak"), ("en velours", "velvet"), ("gris anthracite", "charcoal grey"), ("scandinave", "scandinavian"),
               ("en rotin", "rattan"), ("convertible", "convertible"), ("laqué blanc", "white lacquered"), ("en noyer", "walnut"),
               ("industriel", "industrial"), ("en lin", "linen"), ("doré", "golden"), ("modulable", "modular")],
    "Beauté": [("bio", "organic"), ("peaux sèches", "dry skin"), ("anti-âge", "anti-ageing"), ("mat", "matte"),
               ("nude", "nude"), ("waterproof", "waterproof"), ("à la rose", "rose"), ("au karité", "shea"),
               ("spf 50", "spf 50"), ("éclat", "radiance"), ("sans parfum", "fragrance free"), ("à l'aloe vera", "aloe vera")],
    "High-tech": [("noir", "black"), ("blanc", "white"), ("bleu nuit", "midnight blue"), ("pro", "pro"), ("lite", "lite"),
                  ("ultra", "ultra"), ("5g", "5g"), ("reconditionné", "refurbished"), ("édition gaming", "gaming edition"),
                  ("compact", "compact"), ("max", "max"), ("plus", "plus")],
    "Épicerie": [("extra vierge", "extra virgin"), ("bio", "organic"), ("artisanal", "homemade"), ("de sfax", "from sfax"),
                 ("de kairouan", "from kairouan"), ("du cap bon", "from cap bon"), ("premium", "premium"), ("traditionnel", "traditional"),
                 ("épicé", "spicy"), ("sans sucre", "sugar free"), ("grillé", "roasted"), ("familial", "family")],
}
# Model names, in Latin and Arabic letters, shared by every department the way shops name their lines.
MODELS = [("Oslo", "أوسلو"), ("Milano", "ميلانو"), ("Carthage", "قرطاج"), ("Sahara", "صحراء"), ("Jasmin", "ياسمين"),
          ("Médina", "مدينة"), ("Azur", "أزور"), ("Atlas", "أطلس"), ("Luna", "لونا"), ("Nova", "نوفا"), ("Elyssa", "عليسة"),
          ("Byrsa", "بيرصة"), ("Djerba", "جربة"), ("Tabarka", "طبرقة"), ("Hammamet", "الحمامات"), ("Dougga", "دقة"),
          ("Kerkennah", "قرقنة"), ("Sidi Bou", "سيدي بو"), ("Amalfi", "أمالفي"), ("Bergen", "برغن"), ("Verona", "فيرونا"),
          ("Cordoba", "قرطبة"), ("Palma", "بالما"), ("Nabeul", "نابل"), ("Zaghouan", "زغوان"), ("Olivia", "أوليفيا"),
          ("Safran", "زعفران"), ("Corail", "مرجان"), ("Ambre", "عنبر"), ("Ebène", "أبنوس")]
SIZES = {"Mode": ["", "", "taille unique", "t38", "t40"], "Maison": ["", "180x200", "3 places", "2 places", "120 cm"],
         "Beauté": ["30ml", "50 ml", "100ml", "200 ml", ""], "High-tech": ["128 Go", "256 Go", "", "64 Go", "1 To"],
         "Épicerie": ["1 l", "500 g", "1 kg", "250 g", ""]}


def catalogue(size: int = 5000, seed: int = 0) -> dict:
    """`size` distinct products over five departments, each with three to five synonyms in four languages."""
    rng = random.Random(seed)
    combos = [(department, kind, qualifier, model) for department, kinds in KINDS.items() for kind in kinds
              for qualifier in QUALIFIERS[department] for model in MODELS]
    rng.shuffle(combos)
    categories: dict[str, list[dict]] = {}
    for department, (french, english, arabic, tunisian, tunisian_arabic), (qualifier, qualifier_en), (model, model_ar) \
            in combos[:size]:
        unit = rng.choice(SIZES[department])
        name = " ".join(part for part in (french.capitalize(), qualifier, model, unit) if part)
        synonyms = [f"{model} {qualifier_en} {english}", f"{arabic} {model_ar}", f"{tunisian} {model}"]
        if rng.random() < 0.5:
            synonyms.append(f"{tunisian_arabic} {model_ar}")
        if rng.random() < 0.3:
            synonyms.append(f"{french} {model}")
        categories.setdefault(f"{department} - {french.split()[0].capitalize()}", []).append(
            {"name": name, "synonyms": synonyms})
    return {"categories": [{"name": name, "products": products} for name, products in categories.items()]}


OPENINGS = ["Salem 3alikom", "Bonjour madame", "Hello", "السلام عليكم", "Slt", "Bonsoir", "Aslema", "Hi there",
            "مساء الخير", "Coucou", "Bjr", "3aslema khouya"]
RAMBLES = ["j'ai vu votre publication hier soir et franchement ça m'a plu",
           "my sister bought from you last month and she was really happy with it",
           "chbik ma tjawbouch 3al inbox, b3atht 3 messaget",
           "نحب نسأل على حاجة قبل ما نطلب خاطر المرة اللي فاتت جاتني حاجة موش كيف التصويرة",
           "I've been following the page for a while and I finally decided to order something",
           "c'est pour offrir à ma mère pour son anniversaire la semaine prochaine",
           "ena men sfax w nheb nechri ama lezem nchouf el 7aja 9bal",
           "بصراحة الأسعار غالية شوية أما الجودة باهية",
           "je suis en télétravail et j'ai besoin de quelque chose de pratique"]
ASKS = ["combien le prix et est-ce que vous livrez à Sousse ?", "9adeh soumou w famma livraison l bizerte ?",
        "how much and do you deliver to Tunis?", "بقداش و وقتاش يوصل ؟", "c dispo en taille M ?",
        "famma lon ekher ?", "est ce qu'il reste encore en stock ??", "can I pay on delivery?",
        "شنوة المقاسات المتوفرة ؟", "mp svp", "wa9tech twosel el commande ?"]
ENDINGS = ["merci d'avance", "thanks a lot 🙏", "ya3tik essa7a", "شكرا مسبقا ❤️❤️", "😍😍😍", "bonne journée", ""]


def _misspell(name: str, rng: random.Random) -> str:
    """A product name as fans type it: accents dropped, a letter lost or doubled, or written in lower case."""
    text = name.lower()
    roll = rng.random()
    if roll < 0.3:
        return text.replace("é", "e").replace("è", "e").replace("â", "a")
    if roll < 0.6 and len(text) > 6:
        cut = rng.randrange(1, len(text) - 1)
        return text[:cut] + text[cut + 1:]
    if roll < 0.8 and len(text) > 6:
        cut = rng.randrange(1, len(text) - 1)
        return text[:cut] + text[cut] + text[cut:]
    return text


def long_comments(shop: dict, count: int, seed: int = 0) -> list[str]:
    """Comments of 150 to 400 characters: greeting, rambling, one or two products (some misspelt), a question."""
    rng = random.Random(seed)
    spellings = [spelling for category in shop["categories"] for product in category["products"]
                 for spelling in [product["name"], *product["synonyms"]]]
    found = []
    for _ in range(count):
        named = [_misspell(rng.choice(spellings), rng) for _ in range(rng.choice((0, 1, 1, 2)))]
        parts = [rng.choice(OPENINGS), rng.choice(RAMBLES), *(f"le {name}" for name in named),
                 rng.choice(RAMBLES) if rng.random() < 0.5 else "", rng.choice(ASKS), rng.choice(ENDINGS)]
        found.append(" ".join(part for part in parts if part))
    return found


def comment_words_catalogue(texts: list[str], size: int = 5000, seed: int = 0) -> dict:
    """`size` products whose names and synonyms are made of the words people write most in comments ("prix",
    "famma", "livraison", "عندكم"), two to four each: every comment word then reads as some catalogue word, so the
    product matcher's fuzzy look-ups and name confirmations have real work, as on a shop that names its lines
    with everyday words."""
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    for text in texts:
        for word in text.lower().split():
            word = word.strip("?!.,;:()\"'")
            if len(word) >= 3 and word.isalnum():
                counts[word] = counts.get(word, 0) + 1
    vocabulary = sorted(counts, key=lambda word: (-counts[word], word))[:3000]
    categories: dict[str, list[dict]] = {}
    names: set[str] = set()
    while len(names) < size:
        name = " ".join(rng.sample(vocabulary, rng.choice((2, 2, 3, 4)))).capitalize()
        if name not in names:
            names.add(name)
            synonyms = [" ".join(rng.sample(vocabulary, rng.choice((2, 3)))) for _ in range(rng.choice((1, 2, 3)))]
            categories.setdefault(f"Rayon {len(names) % 40}", []).append({"name": name, "synonyms": synonyms})
    return {"categories": [{"name": name, "products": products} for name, products in categories.items()]}
