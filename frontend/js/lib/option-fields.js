// A game's options as GET /api/games describes them (label in players' words, type, limits,
// default, choices with their labels, whether a league may set it): the one way a settings screen
// draws an option and reads it back. The new-table screen and the league's house rules both use it,
// so a new game's options appear on both without a line of phone code.
import { t } from '../i18n.js';
import { h } from './dom.js';

/** "1–10, usually 5": an integer option's limits and the game's own value. */
export function rangeText(option) {
  const limits = option.minimum !== undefined && option.maximum !== undefined ? `${option.minimum}–${option.maximum}` : '';
  return [limits, t('options.usually', { value: option.default })].filter(Boolean).join(', ');
}

/**
 * One option's field: its label, the input its type needs, and what the description adds.
 * `value`: the value to show (undefined: the game's default). `blankIsDefault`: a number box may stay
 * empty, meaning the game's own value (house rules: only what a league changes is kept).
 * Returns { field, input }; `input.dataset.option` holds the option's name.
 */
export function optionField(option, { id, value, blankIsDefault = false } = {}) {
  const helpId = `${id}-help`;
  const help = option.description ? h(`p.meta.option-help#${helpId}`, option.description) : null;
  const described = help ? helpId : undefined;
  const shown = value === undefined ? option.default : value;
  let input;
  if (option.type === 'boolean') {
    input = h(`input#${id}`, { type: 'checkbox', checked: Boolean(shown), 'aria-describedby': described, dataset: { option: option.name } });
    return { input, field: h('div.option.check', input, h('div', h('label', { for: id }, option.label), help)) };
  }
  if (option.type === 'choice') {
    const labels = option.choice_labels || option.choices.map(String);
    input = h(`select#${id}`, { 'aria-describedby': described, dataset: { option: option.name } },
      option.choices.map((choice, i) => h('option', { value: String(choice), selected: choice === shown }, labels[i])));
  } else if (option.type === 'integer') {
    input = h(`input#${id}`, {
      type: 'number', inputmode: 'numeric', step: 1, min: option.minimum, max: option.maximum,
      value: blankIsDefault && value === undefined ? undefined : String(shown),
      placeholder: blankIsDefault ? String(option.default) : undefined,
      'aria-describedby': [described, `${id}-range`].filter(Boolean).join(' '), dataset: { option: option.name },
    });
    return {
      input,
      field: h('div.option.number', h('label', { for: id }, option.label),
        h('div.number-row', input, h(`p.meta.range#${id}-range`, rangeText(option))), help),
    };
  } else {
    // A value per player in turn order, typed with commas ("A, B, A, B"; two for one player with a
    // plus: "yellow + red, blue + green"); empty: the game's own.
    input = h(`input#${id}`, { value: Array.isArray(value) ? value.join(', ') : '', placeholder: t('options.games_own'), 'aria-describedby': described, dataset: { option: option.name } });
  }
  return { input, field: h('div.option', h('label', { for: id }, option.label), input, help) };
}

/**
 * The value an option's input holds, or undefined where it holds the game's own (an empty box, or
 * with `changedOnly`, the default). A number box that is not a number gives NaN: the caller says so.
 */
export function readOption(input, option, { changedOnly = false } = {}) {
  let value;
  if (option.type === 'boolean') value = input.checked;
  else if (option.type === 'choice') value = option.choices.find((c) => String(c) === input.value);
  else if (option.type === 'integer') {
    if (input.validity.badInput) return Number.NaN;
    if (input.value.trim() === '') return undefined;
    value = Number(input.value);
  } else {
    const items = input.value.split(',').map((s) => s.trim()).filter(Boolean);
    if (!items.length) return undefined;
    value = items.map((item) => (item.includes('+') ? item.split('+').map((s) => s.trim()) : item));
  }
  return changedOnly && value === option.default ? undefined : value;
}

/** The server's message with the option's name replaced by its label ("rounds must be…" → "Rounds must be…"). */
export const inPlayersWords = (message, option) => message.replace(new RegExp(`^${option.name}\\b`), option.label);
