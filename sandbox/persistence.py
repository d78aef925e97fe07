"""Optional JSON state file, so a demo world survives a restart of `python -m sandbox`."""
import json
import os


def save(store, path):
    document = {"objects": store.objects, "tokens": store.tokens, "effects": store.effects,
                "subscriptions": store.subscriptions, "removed": store.removed, "counter": store.counter}
    temporary = f"{path}.tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(document, handle)
    os.replace(temporary, path)


def load(store, path):
    """Read a state file written by save(); a missing file leaves the store as it is."""
    if not os.path.exists(path):
        return False
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    store.objects = document["objects"]
    store.tokens = document["tokens"]
    store.effects = document["effects"]
    store.subscriptions = document["subscriptions"]
    store.removed = document.get("removed", {})  # files saved before comments could be deleted have none
    store.counter = document["counter"]
    return True
