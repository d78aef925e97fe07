"""Intent cue words in en, fr, ar and tn (Arabizi and Arabic script): each hit adds a feature "k:<intent>"
to the comment, so the model learns how much a cue weighs from the examples that contain some cues and
recognises the other cues of the same list in comments it never saw. A trailing * matches a word's
start; "_" joins the words of a phrase."""
from nlp import normalize
from nlp.catalogue import product_token

CUES = {
    "availability": """back_in sold still_available re_stock reappro* restock* تتوفر يتوفر kmlet kemlet كملت
        available avail* availability stock instock restock sold_out still_have any_left back_in_stock
        dispo* disponib* rupture epuise* il_reste en_reste encore_la toujours_la
        متوفر* متاح* موجود* نفد* نفذ* مازال* باقي* ma_zel mazel* mazal* mawjoud* mawjud* famma_menha
        fama_menha baqi* ba9i* mazelt* فما_منها مازالت
        sell_out gone ecoule* arrivage revient reviendra b9at* ba9at* بقات* بقاتل*""",
    "booking": """rent rental renting louer loue louez location_de nekri* nkri* n7ajez* نكري* كراء استئجار ايجار إيجار شاغر* fer8* فارغة register inscri* atelier workshop تسجيل
        book* appointment* slot* schedule fitting reservation reserve_a_table
        rendez_vous rdv creneau* essayage reserver_une_table prendre_rendez
        حجز* احجز* نحجز* موعد* مواعيد hjez* nhajez* hajz* na7jez* n7ajez* maw3ed* rendezvous""",
    "colors": """color* colour* shade* colorway*
        couleur* coloris teinte*
        لون* الوان* ألوان*
        lon lonha lwen* alwen* alwan*""",
    "contact": """mp pm dm prive privee private_message messenger kalem* kalm* klemni rappel* appelez appelle* بريفي الخاص خاص كلم* كلموني اتصل* راسل*
        contact* phone number call whatsapp email e-mail mail reach_you inbox
        numero* telephone tel appeler joindre joignable coordonnees
        رقم* هاتف* تليفون* واتساب* اتصال* نتصل* نكلم* ايميل* البريد نومرو*
        noumrou* numrou* raqm* ra9m* ntasel* nkalem* nkalmek* telifoun* whatsap*""",
    "delivery": """deliver* shipping ship ships shipped courier post_office arrive*
        livr* expedi* envoy* envoi* poste aramex frais_de_port colis transporteur
        توصيل* شحن* يوصل* توصل* توصلو* التوصيل ليفريزون* twasl* twasel* touasel* tousel* yousel* yosel*
        tjiwni* tjibouh* tb3thou* tab3th*
        return* refund* ships_from shipped_from sent_from retourn* renvoy* rembours* ارجاع* استرجاع* استرداد*""",
    "dimensions": """dimension* measure* measurement* height width length depth diameter cm centimet* meter* metre*
        how_big how_tall how_long how_wide capacity litre* liter* fit_in
        hauteur largeur longueur profondeur diametre mesure*
        ابعاد* أبعاد* طول* عرض* ارتفاع* سم قطر* حجم*
        toul* 3ordh* 9otr* qotr* kobr*
        weigh* weight* heavy heavier lightweight quart* ounce* gallon* poids pese* lourd*
        وزن* يزن تزن ثقيل* tiwzen* twazen* wazn* t9il*""",
    "location": """where located location address showroom branch
        adresse* localisation magasin* point_de_vente situe* ou_etes ou_se_trouve
        عنوان* وين* اين أين مكان* محل* فرع* مقر*
        win winou* wineh* blasa* blastkom* ma7al* mahal* 3onwen*""",
    "material_model": """ingredient* version original* orig copy copie fake vegan sulfate* paraben* processor processeur marka mcheya ماشية اصلي أصلي اوريجينال تقليد مكون* نسخة
        material* fabric* cotton leather silk wool polyester linen made_of quality brand model genuine
        matiere* tissu* coton cuir soie laine satin lin qualite marque modele* en_quoi
        خامة* قماش* قطن* جلد* حرير* صوف* نوع* ماركة* موديل* جودة* ساتان
        9mech* qmech* qmach* jeld* 7rir* hrir* souf* model* marka* nou3* jawda*
        bpa phthalate* oem aftermarket refurbish* reconditionn* toxic non_toxic lead_free stainless inox plastic
        metal wood wooden plastique bois""",
    "opening_hours": """open* close* closing hours opening what_time sunday weekend
        heure* horaire* ouvert* ouvre* ferm* dimanche samedi
        ساعات* مفتوح* تفتح* تحلو* تحل* تسكر* الدوام* وقتاش* توقيت*
        wa9tech* waqtech* wa9teh* t7ell* tsakr* msaker* m7loul* mahloul*""",
    "order": """hold_one hold_it hold_them hold_for on_hold aside garde* gardez cote 5alli* khalli* 7ottouli hottouli احتفظ* خلي* خليولي حطولي
        order* buy* purchase* i'll_take i_will_take put_aside
        commande* commander achete* acheter je_prends je_reserve mettre_de_cote
        اطلب* أطلب* طلب* نطلب* اشتري* أشتري* شراء* نشري* سجلوا* نحجزلي*
        nechri* nakhou* na5ou* nekhou* ncommandi* nkomandi*""",
    "payment_methods": """pay* payment* card credit cash paypal transfer cod
        paiement* payer carte espece* virement cheque* d17 flouci bancaire
        دفع* الدفع بطاقة* كاش تحويل* نخلص* خلاص* الخلاص
        nkhales* nkhalsou* n5ales* 5las* khlas* khales* flouci*""",
    "price": """price* cost* how_much pricing
        prix combien cmb tarif* coute* cout
        سعر* السعر ثمن* بكم قداش بقداش سوم* الثمن اسعار* أسعار*
        chhal* 9adeh* 9adech* b9adeh* b9adech* qadeh* qadech* bqadeh* soum* thaman*""",
    "promo_sales": """geste lower a9al aqal أقل اقل ta9tali r5as rkhas
        promo* sale sales discount* offer* deal* coupon* black_friday cheaper
        solde* reduction* remise* rabais offre* moins_cher
        تخفيض* عرض* عروض* خصم* صولد* برومو* تنقص* نقص* تخفيضات
        na9s* naqs* tna9s* r7is* rkhis*
        negoci* negotiable knock best_price last_price dernier_prix akher_soum ekher_soum اخر_سوم""",
    "quiz": """participate participating participation count_me_in winner* winning draw prize gagnant* gagne tirage je_participe nchark* nchara5* nchare* participit rab7* reba7* rebe7 نشارك* أشارك* اشارك* مشاركة الفائز* فائز* السحب سحب التيراج تيراج نربحو يربح ربح الجائزة جائزة
        answer option choice my_answer contest giveaway
        reponse* choix concours
        الجواب جواب* الإجابة الاجابه اجابة* اختيار* مسابقة*
        jawb* jaweb* ejaba* e5tiar* ikhtiyar*
        prizes game_close fin_du_jeu الفائزين""",
    "size": """size* sizing small medium large xs xl xxl kg true_to_size
        taille* pointure* kilos
        مقاس* قياس* المقاس نمرة* تاي* وزني* كيلو*
        9ies* qies* qyes* tay* pointur*
        waist inseam hips bust size_up size_down runs_small run_small runs_big run_big runs_large run_large""",
}
_PREFIX_MIN = 3


def _cue_tokens(cue: str) -> tuple[str, ...]:
    return tuple(product_token(token) for token in normalize.tokens(cue) if token[0].isalnum())


def _compile() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    exact: dict[str, set[str]] = {}
    prefixes: dict[str, set[str]] = {}
    for intent, text in CUES.items():
        for cue in text.split():
            table = prefixes if cue.endswith("*") else exact
            tokens = _cue_tokens(cue.rstrip("*"))
            if tokens:
                table.setdefault(" ".join(tokens), set()).add(intent)
    return exact, prefixes


_EXACT, _PREFIXES = _compile()
_PHRASE_STARTS = frozenset(phrase.split()[0] for phrase in _EXACT if " " in phrase)
_SHORTEST_PREFIX = max(_PREFIX_MIN, min((len(prefix) for prefix in _PREFIXES), default=_PREFIX_MIN))


def word_cues(word: str) -> list[str]:
    """One "k:<intent>" feature per cue matching this word, alone or as a word's start."""
    word = product_token(word)
    found = [f"k:{intent}" for intent in _EXACT.get(word, ())]
    for end in range(_SHORTEST_PREFIX, len(word) + 1):
        found.extend(f"k:{intent}" for intent in _PREFIXES.get(word[:end], ()))
    return found


def phrase_cues(words: list[str]) -> list[str]:
    """One "k:<intent>" feature per cue phrase of two or three words found in the comment."""
    words = [product_token(word) for word in words]
    return [f"k:{intent}" for start, word in enumerate(words) if word in _PHRASE_STARTS
            for size in (2, 3) if start + size <= len(words)
            for intent in _EXACT.get(" ".join(words[start:start + size]), ())]
