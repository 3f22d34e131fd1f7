"""The word judge: the word lists, one word's verdict, a Bresk! challenge, the whole list."""

from __future__ import annotations

import gzip
import threading

from flask import Response, current_app, request
from marshmallow import Schema, fields, validate
from webargs.fields import DelimitedList

from .. import i18n
from ..domain_errors import NotFound, Refused
from ..lexicon import LEXICON_IDS, REASONS, Lexicon, UnknownLexicon, compact, get_lexicon
from ..lexicon.meanings import get_meanings
from ..library_messages import WORD_LENGTH, WORDS_AT_A_TIME
from ..limits import word_checks
from ..services import judge, scoring, tables
from ..text import N_
from .blueprint import Blueprint
from .schemas import StrictBoolean

blp = Blueprint("lexicons", __name__, url_prefix="/api/lexicons",
                description="The word lists Bresk! is judged by: verdicts on words, challenges, the whole list.")
word_checks(blp)

WORDS_TEXT_CACHE_CONTROL = "public, max-age=86400"


# --- schemas ------------------------------------------------------------------------------


class LexiconSchema(Schema):
    id = fields.String(required=True, metadata={"description": "Used in URLs, as Bresk!'s lexicon option and as a "
                                                              "league's Bresk! house rule: en or en-wordgame."})
    name = fields.String(required=True, metadata={"description": "As verdicts name it: everyday list, word-game "
                                                                  "list."})
    word_count = fields.Integer(required=True)
    source = fields.String(required=True, metadata={"description": "Where the words come from."})
    licence = fields.String(required=True)


class LexiconListSchema(Schema):
    lexicons = fields.List(fields.Nested(LexiconSchema), required=True)


class VerdictSchema(Schema):
    word = fields.String(required=True, metadata={"description": "As given."})
    normalized = fields.String(required=True, metadata={"description": "As looked up: accents folded, trimmed, "
                                                                        "upper case."})
    valid = fields.Boolean(required=True)
    reason = fields.String(required=True, validate=validate.OneOf(REASONS),
                           metadata={"description": "Why it is (not) playable: valid, not_a_word, proper_noun, "
                                     "abbreviation (unit symbols and Roman numerals too), contraction, too_short, "
                                     "not_letters, banned_by_league, added_by_league (valid)."})
    lexicon = fields.String(required=True)
    list = fields.String(required=True, metadata={"description": "The list that judged it: everyday list, "
                                                                  "word-game list."})
    message = fields.String(required=True, metadata={"description": "The verdict in a player's words, naming the "
                                                                     "list: \"not in the everyday list; valid in the "
                                                                     "word-game list\"."})
    also_valid_in = fields.List(fields.String(), required=True,
                                metadata={"description": "The other lists that accept a refused word."})


class ChallengeInSchema(Schema):
    words = fields.List(
        fields.String(validate=validate.Length(
            min=1, max=judge.MAX_WORD_LENGTH,
            error=WORD_LENGTH)),
        required=True,
        validate=validate.Length(min=1, max=judge.MAX_WORDS,
                                 error=WORDS_AT_A_TIME),
    )
    reveal = StrictBoolean(load_default=False,
                            metadata={"description": "Also say which words failed (verdicts)."})


class ChallengeResultSchema(Schema):
    valid = fields.Boolean(required=True, metadata={"description": "True only when every word is valid."})
    lexicon = fields.String(required=True)
    list = fields.String(required=True, metadata={"description": "The list that judged the words."})
    words = fields.Integer(required=True, metadata={"description": "How many words were judged."})
    verdicts = fields.List(fields.Nested(VerdictSchema),
                           metadata={"description": "Only with reveal: each word's verdict, in the order given."})


class MeaningsInSchema(Schema):
    words = DelimitedList(
        fields.String(validate=validate.Length(min=1, max=judge.MAX_WORD_LENGTH, error=WORD_LENGTH)),
        required=True, validate=validate.Length(min=1, max=judge.MAX_WORDS, error=WORDS_AT_A_TIME),
        metadata={"description": "The words, comma-separated: FINCHES,JUMPED (1 to 10, each at most 64 "
                                 "characters)."})
    table = fields.String(validate=validate.Length(max=16),
                          metadata={"description": "A table's code: judge the words as that table does (its "
                                                   "list, and its league's added and banned words), so a word "
                                                   "the league added gets its meaning too."})


class SenseSchema(Schema):
    pos = fields.String(required=True, metadata={"description": "Part of speech, in English: noun, verb, "
                                                                 "adjective, adverb; article, pronoun, preposition, "
                                                                 "conjunction, determiner, auxiliary verb."})
    form = fields.String(required=True, metadata={"description": "The word as this sense writes it when not all "
                                                                  "lower case (Berlin, AWOL), else empty."})
    gloss = fields.String(required=True, metadata={"description": "A short definition, in English."})


class MeaningEntrySchema(Schema):
    lemma = fields.String(required=True, metadata={"description": "The word looked up, lower case: finch."})
    base = fields.Boolean(required=True, metadata={"description": "A base form of the word asked about "
                                                                   "(FINCHES: finch), not the word itself."})
    derived = fields.Boolean(required=True, metadata={"description": "The word it is made from by a common "
                                                                      "suffix (AMBIVALENTLY: ambivalent), given "
                                                                      "only when neither the word nor a base form "
                                                                      "is in the dictionary."})
    senses = fields.List(fields.Nested(SenseSchema), required=True, metadata={"description": "1 to 3."})


class WordMeaningsSchema(VerdictSchema):
    found = fields.Boolean(required=True, metadata={"description": "Whether any meaning is given. Never for a "
                                                                    "word the list refuses."})
    entries = fields.List(fields.Nested(MeaningEntrySchema), required=True,
                          metadata={"description": "The word as written (if it is a dictionary word), then "
                                                   "its base forms; empty when not found or refused."})
    note = fields.String(required=True, metadata={"description": "When no meaning is given, why: \"No meaning "
                                                                  "found for ZAX.\", or that the word does not "
                                                                  "count. Else empty."})


class MeaningsSchema(Schema):
    lexicon = fields.String(required=True)
    list = fields.String(required=True, metadata={"description": "The list that judged the words."})
    source = fields.String(required=True, metadata={"description": "Where the meanings come from (WordNet)."})
    licence = fields.String(required=True)
    words = fields.List(fields.Nested(WordMeaningsSchema), required=True)


# --- helpers ------------------------------------------------------------------------------


def _lexicon_or_404(lexicon_id: str) -> Lexicon:
    try:
        return get_lexicon(lexicon_id, cache_dir=current_app.config["LEXICON_CACHE_DIR"])
    except UnknownLexicon:
        raise NotFound("unknown_lexicon", "There is no word list called {lexicon_id!r}; there is: {lists}.",
                       lexicon_id=lexicon_id, lists=", ".join(LEXICON_IDS)) from None


class _Encoded:
    """A word list's text (plain or compact), raw and gzip-compressed, made once per process and list version."""

    _by_key: dict[tuple[str, str], _Encoded] = {}
    _lock = threading.Lock()

    def __init__(self, lexicon: Lexicon, form: str):
        text = lexicon.words_text()
        if form == "compact":
            text = compact.encode(text.split())
        self.raw = text.encode("utf-8")
        self.gzip = gzip.compress(self.raw, 9, mtime=0)  # mtime=0: the same bytes every time
        # Strong ETags differ per representation: the gzip bytes are not the raw bytes.
        self.etag = lexicon.version if form == "plain" else f"{lexicon.version}-{form}"
        self.gzip_etag = f"{self.etag}-gzip"

    @classmethod
    def of(cls, lexicon: Lexicon, form: str = "plain") -> _Encoded:
        key = (lexicon.version, form)
        encoded = cls._by_key.get(key)
        if encoded is None:
            with cls._lock:  # compressing takes a moment: once, even when many ask at once
                encoded = cls._by_key.get(key)
                if encoded is None:
                    encoded = cls._by_key[key] = cls(lexicon, form)
        return encoded


def _others(lexicon_id: str) -> list[Lexicon]:
    return [_lexicon_or_404(other) for other in LEXICON_IDS if other != lexicon_id]


def _accepts_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0


# --- views --------------------------------------------------------------------------------


@blp.route("")
@blp.response(200, LexiconListSchema)
def list_lexicons():
    """The word lists there are, with their size, source and licence."""
    found = [_lexicon_or_404(lexicon_id) for lexicon_id in LEXICON_IDS]
    return {"lexicons": [{"id": x.id, "name": x.name, "word_count": x.word_count, "source": x.source,
                          "licence": x.licence} for x in found]}


@blp.route("/<string:lexicon_id>/words/<path:word>")
@blp.response(200, VerdictSchema)
@blp.alt_response(404, description="No word list has this id (code unknown_lexicon).", success=False)
@blp.alt_response(422, description=f"The word is longer than {judge.MAX_WORD_LENGTH} characters.", success=False)
def check_word(lexicon_id, word):
    """Is this word playable, and if not, why not. Accents are folded (café is CAFE)."""
    lexicon = _lexicon_or_404(lexicon_id)
    if len(word) > judge.MAX_WORD_LENGTH:
        message = N_("A word can be at most {most} characters.", most=judge.MAX_WORD_LENGTH)
        raise Refused("validation_error", N_("word: {problem}", problem=message), "word", message)
    return i18n.localize(judge.judge_word(lexicon, word, _others(lexicon_id)))


@blp.route("/<string:lexicon_id>/challenge", methods=["POST"])
@blp.arguments(ChallengeInSchema)
@blp.response(200, ChallengeResultSchema)
@blp.alt_response(404, description="No word list has this id (code unknown_lexicon).", success=False)
def challenge(payload, lexicon_id):
    """Bresk! challenge: are all these words valid? Which one failed is told only with reveal."""
    lexicon = _lexicon_or_404(lexicon_id)
    return i18n.localize(judge.judge_challenge(lexicon, payload["words"], payload["reveal"], _others(lexicon_id)))


@blp.route("/<string:lexicon_id>/meanings")
@blp.arguments(MeaningsInSchema, location="query")
@blp.response(200, MeaningsSchema)
@blp.alt_response(404, description="No word list has this id (code unknown_lexicon), or no table this code "
                  "(unknown_table).", success=False)
def meanings(query, lexicon_id):
    """What the words mean (WordNet, in English), after a ruling: 1 to 3 senses for each word and its
    base forms (FINCHES: finch, MICE: mouse). A word the list refuses gets its verdict and no meaning."""
    lexicon = _lexicon_or_404(lexicon_id)
    if query.get("table"):
        lexicon = scoring.table_lexicon(tables.get(query["table"]))
    found = get_meanings(current_app.config["LEXICON_CACHE_DIR"])
    return i18n.localize(judge.judge_meanings(lexicon, found, query["words"], _others(lexicon.id)))


@blp.route("/<string:lexicon_id>/words.txt")
@blp.response(200, description="Every valid word, upper case, one per line, sorted (UTF-8). Gzip-compressed "
              "when the request accepts gzip. The ETag changes whenever the list does.",
              content_type="text/plain")
@blp.alt_response(304, description="If-None-Match names the current list: nothing sent.", success=True)
@blp.alt_response(404, description="No word list has this id (code unknown_lexicon).", success=False)
def words_text(lexicon_id):
    """The whole word list, one word a line."""
    return _send_list(_lexicon_or_404(lexicon_id), "plain")


@blp.route("/<string:lexicon_id>/words.compact")
@blp.response(200, description="Every valid word, front-coded for the phone's offline judge: each word is the "
              "number of letters to drop from the end of the word before it (one or more of the characters 0-9 "
              "= 0-9 and a-z = 10-35, summed), then the upper-case letters to add; 'CAT CATS CAVE' is "
              "'0CAT0S2VE'. Gzip-compressed when the request accepts gzip. The ETag changes whenever the list "
              "does.", content_type="text/plain")
@blp.alt_response(304, description="If-None-Match names the current list: nothing sent.", success=True)
@blp.alt_response(404, description="No word list has this id (code unknown_lexicon).", success=False)
def words_compact(lexicon_id):
    """The whole word list, compact (the word-game list is about 300 KiB gzipped): what the phone downloads."""
    return _send_list(_lexicon_or_404(lexicon_id), "compact")


def _send_list(lexicon: Lexicon, form: str) -> Response:
    encoded = _Encoded.of(lexicon, form)
    use_gzip = _accepts_gzip()
    etag = encoded.gzip_etag if use_gzip else encoded.etag
    headers = {"Cache-Control": WORDS_TEXT_CACHE_CONTROL, "Vary": "Accept-Encoding"}
    # Either representation's tag means the client has this version of the list.
    if request.if_none_match.contains_weak(encoded.etag) or request.if_none_match.contains_weak(encoded.gzip_etag):
        response = Response(status=304, headers=headers)
    else:
        body = encoded.gzip if use_gzip else encoded.raw
        response = Response(body, mimetype="text/plain", headers=headers)  # charset=utf-8 added by Flask
        if use_gzip:
            response.headers["Content-Encoding"] = "gzip"
    response.set_etag(etag)
    return response
