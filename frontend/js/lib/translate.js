// Looking a text up in one catalog: pure (no fetch, no DOM, no storage), so the phone's i18n.js
// and node (tests/test_log_lines.py) share it. An entry that is an object ({one, other}) is a
// plural, chosen by Intl.PluralRules from params.count; {name} is filled in from params, numbers
// written the language's way.

// An integer below 10,000 reads as String() writes it in every language the app speaks (tests/test_translate.py):
// the page's first Intl.NumberFormat loads its number data (60-225 ms on a CPU slowed 4×, as a mid-range phone), and
// a table's first screen, whose numbers are all small, waited for it.
const plain = (value) => Number.isInteger(value) && Math.abs(value) < 10000;

export function translator(catalog, lang) {
  const plurals = new Intl.PluralRules(lang);
  const ordinals = new Intl.PluralRules(lang, { type: 'ordinal' }); // {count, ordinal: true}: 1st, 2nd / 1., 2.
  // Grouping from 10,000 on only: years and table numbers (2026, 1234) stay as they are.
  let grouped = null;
  const numbers = {
    format: (value) => (plain(value) ? String(value)
      : (grouped ??= new Intl.NumberFormat(lang, { useGrouping: 'min2' })).format(value)),
  };
  function translate(key, params = {}) {
    let text = catalog[key];
    if (text === undefined) return key;
    if (typeof text === 'object') text = text[(params.ordinal ? ordinals : plurals).select(params.count ?? 0)] ?? text.other;
    return text.replace(/\{(\w+)\}/g, (whole, name) => {
      const value = params[name];
      if (value === undefined || value === null) return whole;
      return typeof value === 'number' ? numbers.format(value) : String(value);
    });
  }
  return { translate, numbers };
}
