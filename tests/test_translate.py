"""lib/translate.js in node: numbers written as Intl.NumberFormat writes them, in every language with a catalog,
though the small integers of a table's first screen never make one (the first costs a slow phone tens of ms)."""

import json

import pytest
from node_runner import FRONTEND_JS, run_js

LANGUAGES = sorted(p.stem for p in (FRONTEND_JS / "i18n").glob("*.json"))
NUMBERS = [*range(-10_001, 10_002, 7), -9999, 9999, 10_000, -10_000, 123_456, 0.5, -2.25, 1234.5, 1e21, 2**53]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_are_written_as_the_languages_number_format_writes_them(lang):
    prelude = (f"const {{ numbers }} = m.translator({{}}, {json.dumps(lang)});\n"
               f"const intl = new Intl.NumberFormat({json.dumps(lang)}, {{ useGrouping: 'min2' }});")
    written = run_js("lib/translate.js", "[numbers.format(c), intl.format(c)]", NUMBERS, prelude)
    assert [ours for ours, _ in written] == [theirs for _, theirs in written]
    assert written[NUMBERS.index(123_456)][0] in ("123,456", "123.456")  # grouped: the language's format wrote it
