"""Seeded worlds: `empty` (nothing) and `demo` (two known users, six pages, two Instagram accounts, posts and
multilingual comments), loaded at start or through POST /__admin/reset."""
import random
import time

from sandbox import pool

DEMO_USERS = [("Amira", "Ben Salah", "amira@example.com", "7345098700000001", "EAAUdemoAmiraBenSalah0001"),
              ("Karim", "Trabelsi", "karim@example.com", "7345098700000002", "EAAUdemoKarimTrabelsi0002")]
DEMO_PAGES = [("Maison Jasmin", [0], 15230), ("Sfax Sneakers", [0], 8420), ("Tunis Tech Store", [0, 1], 30110),
              ("Dar El Bey Déco", [0, 1], 5120), ("Carthage Cosmetics", [1], 12780), ("Sousse Sport", [1], 2310)]
DEMO_INSTAGRAM = [(0, "maison.jasmin", 9800), (2, "tunistech", 21400)]
DEMO_POSTS = ["New summer collection is here ☀️ / Nouvelle collection été", "Promo -30% ce week-end seulement !",
              "وصلت السلعة الجديدة 🔥", "Jdid! famma des nouveautés fel magasin"]
# Maison Jasmin's newest post, about the products of the product's demo catalogue (app/services/demo.py): the
# post a newcomer comments on in the inspector. Added last, so the other objects keep their ids.
DEMO_SHOWCASE_POST = ("La collection Jasmin est arrivée 🌸 Robe Jasmin, Caftan Carthage, Sac Medina : "
                      "demandez-nous prix, disponibilité et livraison en commentaire !")


def load_empty(store):
    store.clear()


def load_demo(store):
    store.clear()
    rng = random.Random(7)
    users = [store.add_user(first, last, email, user_id, token) for first, last, email, user_id, token in DEMO_USERS]
    pages = [store.add_page(name, [users[index]["id"] for index in owners], fans, rng.randint(0, 40))
             for name, owners, fans in DEMO_PAGES]
    accounts = [store.add_instagram(pages[index]["id"], username, followers_count=followers)
                for index, username, followers in DEMO_INSTAGRAM]
    now = int(time.time())
    for owner in pages + accounts:
        for age_hours, message in zip((30, 6), rng.sample(DEMO_POSTS, 2)):
            post = store.add_post(owner["id"], message, created_time=now - age_hours * 3600)
            seed_comments(store, post, rng, now)
    store.add_post(pages[0]["id"], DEMO_SHOWCASE_POST, created_time=now - 600)


def seed_comments(store, post, rng, now):
    instagram = post["platform"] == "instagram"
    for minutes in range(5, 0, -1):
        _, message = pool.random_comment(rng)
        author = pool.random_fan(rng, instagram)
        author["id"] = str(store.next_number("fan"))
        store.add_comment(post["id"], message, author, created_time=now - minutes * 600)


SCENARIOS = {"empty": load_empty, "demo": load_demo}


def load(store, name):
    SCENARIOS[name](store)
