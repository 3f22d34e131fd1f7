"""The probe set: words a table argues about, each with the verdict the Bresk! rulebook implies.

The rulebook (scoring): "Plurals and words in different tenses are valid (for example
FINCHES or JUMPING or JUMPED)", "Proper nouns do not count (words that normally start
with a capital letter)", "Words normally connected by a hyphen or using an apostrophe
also do not count", "Accents on letters do not need to be used", "Words must be at
least two letters long". An abbreviation, a unit symbol or a Roman numeral is not a
word at all. Expectations come from those rules and ordinary dictionaries, never from
the lists under test; tests/lexicon/test_probe.py scores the lists against them.
"""

from __future__ import annotations

VALID = "valid"

# category -> (expected reason, words). Every word of a category expects the same verdict.
PROBES: dict[str, tuple[str, tuple[str, ...]]] = {
    "plurals and tenses": (VALID, (
        "FINCHES", "JUMPING", "JUMPED", "CATS", "BOXES", "BABIES", "CHURCHES", "POTATOES", "HEROES",
        "MICE", "GEESE", "OXEN", "CHILDREN", "TEETH", "FEET", "WOLVES", "KNIVES", "LEAVES", "HOOVES",
        "CACTI", "FUNGI", "CRITERIA", "PHENOMENA", "INDICES", "THESES", "ALUMNI", "WOMEN", "LICE", "DICE",
        "SHEEP", "RAN", "SWAM", "SWUM", "WOVE", "WOVEN", "BOUGHT", "TAUGHT", "FLEW", "FLOWN", "DRANK",
        "DRUNK", "WENT", "GONE", "KNELT", "LEAPT", "SLEPT", "SOUGHT", "STRODE", "STRIDDEN", "FORSOOK",
        "FORSAKEN", "BEGAN", "BEGUN", "SANG", "SUNG", "SPAT", "SHONE", "SHOD", "SLAIN", "SLEW",
        "WRUNG", "STUNG", "CLUNG", "FLUNG", "BORNE", "BOUND", "GROUND", "GREW", "GROWN", "THREW",
        "THROWN", "TRODDEN", "WEPT", "WRITHED", "DUG", "HUNG", "FLED", "BLED", "FED", "LED",
        "TRIES", "TRIED", "STOPPED", "STOPPING", "WRITES", "WROTE", "WRITTEN", "BETTER", "BEST", "WORSE",
    )),
    "British and Commonwealth spellings": (VALID, (
        "CHEQUE", "KERB", "GAOL", "AMONGST", "LEARNT", "DREAMT", "SPOILT", "COLOUR", "HONOUR", "CENTRE",
        "THEATRE", "TYRE", "PYJAMAS", "ALUMINIUM", "PLOUGH", "MOULD", "SMOULDER", "DEFENCE", "OFFENCE",
        "LICENCE", "PRACTISE", "REALISE", "ORGANISE", "CATALOGUE", "ANALYSE", "PAEDIATRIC", "MANOEUVRE",
        "FOETUS", "OESTROGEN", "GREY", "SCEPTIC", "STOREY", "ENROL", "FULFIL", "JEWELLERY", "TRAVELLED",
        "CANCELLED", "MODELLING", "MOUSTACHE", "SULPHUR", "CHEQUES", "KERBS", "GAOLS", "TYRES", "LABOUR",
        "NEIGHBOUR", "FAVOURITE", "BEHAVIOUR", "SPELT", "BURNT", "SMELT", "KERBSIDE", "AEROPLANE",
        "DRAUGHT", "GAOLER", "PROGRAMME", "ARMOUR", "VAPOUR", "RUMOUR", "LUSTRE", "SABRE", "SOMBRE",
        "LITRE", "METRE", "FIBRE", "OMELETTE", "CHILLI", "AXE", "GRANDAD", "MUM", "ARSE", "WHILST",
    )),
    "rare standard words": (VALID, (
        "SYZYGY", "QUIXOTIC", "DEFENESTRATE", "SESQUIPEDALIAN", "PUSILLANIMOUS", "OBSEQUIOUS",
        "LUGUBRIOUS", "PERSPICACIOUS", "ZEUGMA", "PALIMPSEST", "SYCOPHANT", "SOLILOQUY", "QUAGMIRE",
        "ZEPHYR", "XYLEM", "JUXTAPOSE", "FJORD", "CRYPT", "GLYPH", "NYMPH", "QUAFF", "WHELK", "ONYX",
        "AZURE", "EPHEMERAL", "PULCHRITUDE", "LOQUACIOUS", "CACOPHONY", "MELLIFLUOUS", "SPHINX",
        "KUMQUAT", "QUINCE", "GNOMON", "WRAITH", "PHLEGM", "ZYGOTE", "AUK", "EMU", "GNU", "YAK",
        "OXBOW", "AX", "OX", "QUA", "ZAX", "CWM",
    )),
    "abbreviations and unit symbols": ("abbreviation", (
        "QR", "DZ", "KW", "JR", "ETC", "MPH", "KG", "LBS", "LTD", "ASAP", "AKA", "KM", "CM", "MM", "ML",
        "KB", "MB", "GB", "HZ", "KHZ", "RPM", "FYI", "BTW", "DIY", "CEO", "USB", "FBI", "DVD", "TV",
        "PC", "MR", "MRS", "DR", "ST", "NB", "PS", "VS", "ATM", "NATO", "UK", "EU", "CPU", "GPS",
    )),
    "Roman numerals": ("abbreviation", (
        "II", "III", "IV", "VI", "VII", "VIII", "IX", "XII", "XIII", "XIV", "XV", "XVI", "XVII",
        "XVIII", "XIX", "XX", "XXX", "XL", "LX", "LXX", "XC", "CC", "CCC", "CD", "DC", "MCM", "LV", "CLX",
        "MMXX",
    )),
    "proper nouns": ("proper_noun", (
        "PARIS", "LONDON", "MONDAY", "FRIDAY", "JANUARY", "AUGUSTA", "SUSAN", "MARY", "EUROPE", "TEXAS",
        "CHRISTMAS", "EASTER", "OHIO", "AFRICA", "THAMES", "HIMALAYA", "ZEUS", "JUPITER", "TOKYO",
        "CANADA", "SHAKESPEARE", "MADRID", "KORAN", "HINDU", "KENYA", "SATURDAY", "OCTOBER", "BOSTON",
        "ELIZABETH", "DAVID",
    )),
    "contractions without the apostrophe": ("contraction", (
        "DONT", "ISNT", "DIDNT", "DOESNT", "COULDNT", "WOULDNT", "SHOULDNT", "HAVENT", "HASNT", "WASNT",
        "WERENT", "ARENT", "THEYRE", "YOURE", "WEVE", "THEYVE", "IVE", "YOUVE", "MUSTNT", "NEEDNT", "THATS",
        "WOULDVE", "THERES", "WHOS", "OCLOCK", "YALL", "MAAM", "AINT", "COULDVE", "SHANT",
    )),
    "hyphenated compounds written closed": ("not_a_word", (
        "XRAY", "TSHIRT", "SELFESTEEM", "MOTHERINLAW", "SONINLAW", "TWENTYONE", "FORTYTWO", "UTURN",
        "ABOUTTURN", "EXWIFE", "DAUGHTERINLAW", "BROTHERINLAW", "WELLKNOWN", "SELFCONTROL", "SELFRESPECT",
        "HALFHOUR", "MERRYGOROUND", "FORGETMENOT", "JACKINTHEBOX", "FATHERINLAW",
    )),
    "accented loanwords": (VALID, (
        "CAFÉ", "NAÏVE", "FIANCÉ", "FIANCÉE", "CLICHÉ", "RÉSUMÉ", "SOUFFLÉ", "PURÉE", "CRÈCHE", "ÉCLAIR",
        "PIÑATA", "JALAPEÑO", "FAÇADE", "DÉBUT", "DÉCOR", "ENTRÉE", "PROTÉGÉ", "NÉE", "MÊLÉE", "SAUTÉ",
        "CRÈME", "CRÊPE", "DÉTENTE", "ÉLAN", "NAÏVETÉ", "SMÖRGÅSBORD", "ATTACHÉ", "CAFE", "NAIVE", "PUREE",
    )),
}


def probes() -> list[tuple[str, str, str]]:
    """(category, word, expected reason) for every probe."""
    return [(category, word, reason) for category, (reason, words) in PROBES.items() for word in words]


# What the rulebook excludes though SCOWL also lists a lower-case word (issue 27): "Proper nouns do not
# count (words that normally start with a capital letter)", "words … using an apostrophe also do not
# count", and initialisms. Scored against the everyday list (tests/lexicon/test_probe.py); the word-game
# list follows word-game dictionaries, which list BERLIN (a carriage) and LS, and is left as it is.
RULEBOOK_PROBES: dict[str, tuple[str, tuple[str, ...]]] = {
    "names SCOWL also lists in lower case": ("proper_noun", (
        "BERLIN", "BERLINS", "ENGLISH", "GERMAN", "DUTCH", "DANISH", "PASSOVER", "SABBATH", "MEDICARE",
        "MEDICAID", "JACUZZI", "STYROFOAM", "VIKING", "WATERLOO", "LUCIFER", "NAPOLEON", "ROMEO", "CAESAR",
        "HADES", "GESTAPO", "LATINO", "MARTIAN", "APOLLO", "COLORADO", "FRANKFURT", "HAMBURG", "GENOA", "YORK",
        "VICTORIA", "PRESBYTERIAN", "GALILEE", "LIBRA", "PANDORA", "CRETACEOUS",
        "FRENCH", "CHRISTIAN", "PROTESTANT", "DUMPSTER",  # misses: see test_probe.py
    )),
    "letters' plurals (L's, T's)": ("contraction", ("LS", "TS", "GS", "KS", "ES", "SS")),
    "initialisms and abbreviations in lower case": ("abbreviation", (
        "AWOL", "NE", "SOS", "DE", "ET", "LN", "MIG", "OD", "UT", "WYSIWYG", "BI", "PENNA", "TASS",
        "CS", "MS", "RS",  # letters' plurals too, but SCOWL lists them as abbreviations (Cs, MS, Rs) first
    )),
    # Ordinary lower-case words beside a name or an initialism: the exclusions must not take them.
    # YA (informal "you") and PE (the Hebrew letter) are left valid because dictionaries disagree:
    # Merriam-Webster and Collins list both in lower case, though PE is also an initialism.
    "ordinary words beside a name": ("valid", (
        "CHINA", "TURKEY", "POLISH", "MARCHES", "BRAZIL", "JOHN", "MISTER", "COLA", "ETA", "MI", "MIDI", "BIOS",
        "AS", "IS", "US", "YA", "PE",
        "REMS", "AI", "TELEPROMPTER", "JAVA", "CHARDONNAY",  # misses: see test_probe.py
    )),
}  # fmt: skip


def rulebook_probes() -> list[tuple[str, str, str]]:
    return [(category, word, reason) for category, (reason, words) in RULEBOOK_PROBES.items() for word in words]
