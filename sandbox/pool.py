"""Comments a fan might write, in English, French, Arabic and Tunisian dialect (Arabizi and Arabic script):
questions about price, delivery, size and colour, plus praise and tags. Shared by the demo and the generator."""
import random

COMMENTS = {
    "price": ["How much is this?", "Price please 🙏", "C'est combien ?", "Prix svp",
              "Quel est le prix de la robe ?",
              "بكم هذا؟", "كم السعر من فضلك", "9addech soumha?", "b9adech?", "qadech el prix khouya",
              "بقداش هاذي؟", "السوم من فضلك"],
    "delivery": ["Do you deliver to Sfax?", "Is shipping free?", "Vous livrez à Sousse ?",
                 "Livraison possible à Tunis ?",
                 "هل يوجد توصيل إلى صفاقس؟", "famma livraison l Bizerte?", "tawsil l nabeul famma?",
                 "فما توصيل لسوسة؟"],
    "size": ["Do you have it in size M?", "What sizes are available?", "Vous avez la taille 38 ?", "Taille L dispo ?",
             "هل يوجد مقاس كبير؟", "famma taille XL?", "3andkom pointure 40?", "فما قياس 42؟"],
    "colour": ["Is it available in black?", "Other colours?", "Elle existe en rouge ?", "Dispo en bleu marine ?",
               "هل يوجد باللون الأبيض؟", "famma loun a7mer?", "fama couleur okhra?", "فما لون أزرق؟"],
    "praise": ["Love it! 😍", "Beautiful work 👏", "Magnifique !", "Trop beau 😍", "رائع جدا", "ما شاء الله",
               "ya3tik essa77a", "behi barcha 👌", "3ajbetni barcha", "يعطيك الصحة"],
    "tag": ["@Sami Ben Ali look at this", "@Ines regarde ça !", "@Yasmine chouf hedhi", "@مريم شوفي هذا"],
}
FAN_NAMES = ["Amira Ben Salah", "Karim Trabelsi", "Sarra Jebali", "Mehdi Gharbi", "Ines Mansour", "Youssef Haddad",
             "Claire Martin", "John Parker", "Nour El Houda", "Rania Chaabane", "Walid Ayari", "Leila Bouazizi"]


def random_comment(rng=random):
    """(intent, text) drawn evenly over the kinds of comment."""
    intent = rng.choice(sorted(COMMENTS))
    return intent, rng.choice(COMMENTS[intent])


def random_fan(rng=random, instagram=False):
    name = rng.choice(FAN_NAMES)
    return {"username": name.lower().replace(" ", "_")} if instagram else {"name": name}
