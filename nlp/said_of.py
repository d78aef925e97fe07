"""Who a judging word is said of, read from the words around it: "I am" (the writer), "it is" (a thing or a situation).
A customer who made a mistake ("I'm such an idiot, I ordered the wrong size", "je suis nulle en couture", "ana ghbi")
insults no one and complains of nothing; "c'est débile, j'ai commandé deux fois" and "that's idiotic" mean a thing,
while "c'est un idiot" still names a person. The abuse lexicon (nlp/abuse_lexicon.py) and the negative one
(nlp/sentiment.py) both read it."""
# "I am" before the word, a few small words apart at most.
SELF = (("i", "m"), ("i", "am"), ("im",), ("je", "suis"), ("j", "suis"), ("jsuis",), ("chui",), ("ana",), ("انا",))
SELF_FILLERS = frozenset({"such", "an", "a", "so", "really", "total", "complete", "absolute", "un", "une", "vraiment",
                          "trop", "tellement", "elli", "اللي"})
# "It is" before the word, with no article between.
THING = (("c", "est"), ("cest",), ("it", "s"), ("it", "is"), ("that", "s"), ("that", "is"), ("thats",),
         ("this", "is"))
THING_FILLERS = frozenset({"so", "really", "just", "totally", "completely", "vraiment", "trop", "tellement",
                           "completement", "totalement", "carrement"})
FILLERS_AT_MOST = 2
# "I am" after it: "quel idiot je fais", "quelle conne je suis", "what an idiot i am".
SELF_AFTER = frozenset({("je", "fais"), ("je", "suis"), ("que", "je"), ("i", "am"), ("i", "m")})


def said_of_oneself(tokens: list[str], start: int) -> bool:
    """True when the words before tokens[start] say "I am" (SELF), a few small words apart, or the two after it do
    (SELF_AFTER)."""
    return _after(tokens, start, SELF, SELF_FILLERS) or tuple(tokens[start + 1:start + 3]) in SELF_AFTER


def said_of_no_one_else(tokens: list[str], start: int) -> bool:
    """True when tokens[start] is said of oneself, or of a thing: "it is" (THING) before it, a few small words apart."""
    return said_of_oneself(tokens, start) or _after(tokens, start, THING, THING_FILLERS)


def _after(tokens: list[str], start: int, openers: tuple[tuple[str, ...], ...], fillers: frozenset[str]) -> bool:
    end = start
    while end > 0 and start - end < FILLERS_AT_MOST and tokens[end - 1] in fillers:
        end -= 1
    return any(tuple(tokens[max(end - len(opener), 0):end]) == opener for opener in openers)
