"""Sentences other libraries put in our answers, listed so the message catalogs hold them.

marshmallow and webargs refuse a request body field by field ("Missing data for required
field."), werkzeug describes an HTTP error; they hand us the finished English text, which
``i18n.loose`` recognises by these templates (the libraries' own, value names included) and
says in the asker's language. Nothing imports this module for its values: it is read by the
catalog extraction (``make messages``) and by the test that keeps the catalogs complete.
"""

from __future__ import annotations

from .text import N_

MARSHMALLOW = (
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Invalid value."),
    N_("Unknown field."),
    N_("Invalid input type."),
    N_("Invalid type."),
    N_("Invalid input."),
    N_("Not a valid string."),
    N_("Not a valid number."),
    N_("Not a valid integer."),
    N_("Not a valid boolean."),
    N_("Not a valid date."),
    N_("Not a valid list."),
    N_("Not a valid mapping type."),
    N_("Not a valid UUID."),
    N_("Not a valid URL."),
    N_("Number too large."),
    N_("Special numeric values (nan or infinity) are not permitted."),
    N_("String does not match expected pattern."),
    N_("Must be one of: {choices}."),
    N_("Must be equal to {other}."),
    N_("Must be greater than or equal to {min}."),
    N_("Must be less than or equal to {max}."),
    N_("Must be greater than or equal to {min} and less than or equal to {max}."),
    N_("Shorter than minimum length {min}."),
    N_("Longer than maximum length {max}."),
    N_("Length must be between {min} and {max}."),
    N_("Length must be {equal}."),
)

# Our own schemas' messages that marshmallow fills in ({max} is the validator's): recognised the same way.
WORD_LENGTH = N_("Each word must be 1 to {max} characters.")
WORDS_AT_A_TIME = N_("Challenge 1 to {max} words at a time.")
OURS = (WORD_LENGTH, WORDS_AT_A_TIME)

WEBARGS = (
    N_("Invalid JSON body."),
)

WERKZEUG = (
    N_("The requested URL was not found on the server. If you entered the URL manually please check your "
       "spelling and try again."),
    N_("The method is not allowed for the requested URL."),
    N_("The data value transmitted exceeds the capacity limit."),
    N_("The browser (or proxy) sent a request that this server could not understand."),
)
