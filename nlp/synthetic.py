"""Generated product catalogues of any size, for the benchmark and the scale tests: a page with thousands of
products whose names share words ("robe ... lin", "veste ... lin") the way real shop catalogues do."""
import random

NOUNS = [("robe", "dress", "فستان"), ("jupe", "skirt", "تنورة"), ("veste", "jacket", "جاكيت"),
         ("chemise", "shirt", "قميص"), ("pantalon", "trousers", "سروال"), ("manteau", "coat", "معطف"),
         ("pull", "sweater", "كنزة"), ("short", "shorts", "شورت"), ("sac", "bag", "حقيبة"),
         ("ceinture", "belt", "حزام"), ("chaussure", "shoe", "حذاء"), ("sandale", "sandal", "صندل"),
         ("botte", "boot", "جزمة"), ("echarpe", "scarf", "وشاح"), ("casquette", "cap", "قبعة"),
         ("lampe", "lamp", "مصباح"), ("tapis", "rug", "زربية"), ("coussin", "cushion", "مخدة"),
         ("miroir", "mirror", "مراية"), ("vase", "vase", "مزهرية"), ("bougie", "candle", "شمعة"),
         ("montre", "watch", "ساعة"), ("bracelet", "bracelet", "سوار"), ("collier", "necklace", "عقد"),
         ("parfum", "perfume", "عطر")]
ATTRIBUTES = [("lin", "linen"), ("coton", "cotton"), ("cuir", "leather"), ("soie", "silk"), ("laine", "wool"),
              ("velours", "velvet"), ("denim", "denim"), ("satin", "satin"), ("brode", "embroidered"),
              ("imprime", "printed"), ("plisse", "pleated"), ("oversize", "oversized"), ("classique", "classic"),
              ("vintage", "vintage"), ("sport", "sport"), ("fleuri", "floral"), ("raye", "striped"),
              ("matelasse", "quilted"), ("dore", "golden"), ("argente", "silver")]
COLLECTIONS = ["azur", "sahara", "medina", "carthage", "jasmin", "olivier", "corail", "ambre", "ebene", "safran",
               "kerkennah", "djerba", "tabarka", "zaghouan", "hammamet", "sidi bou", "dougga", "kairouan",
               "mahdia", "bizerte"]


def catalogue(size: int = 5000, seed: int = 0) -> dict:
    """`size` distinct products in categories of 25 nouns, each with an English and an Arabic synonym."""
    rng = random.Random(seed)
    combos = [(noun, attribute, collection) for noun in NOUNS for attribute in ATTRIBUTES
              for collection in COLLECTIONS]
    rng.shuffle(combos)
    categories: dict[str, list[dict]] = {}
    for (french, english, arabic), (attribute_fr, attribute_en), collection in combos[:size]:
        categories.setdefault(french.capitalize(), []).append({
            "name": f"{french} {attribute_fr} {collection}",
            "synonyms": [f"{collection} {attribute_en} {english}", f"{arabic} {collection}"],
        })
    return {"categories": [{"name": name, "products": products} for name, products in categories.items()]}
