// The big screen's front door (#/screen): the address `make run` prints for the laptop's own browser or a
// TV's. It asks for one thing, the table's code, and opens that table's screen (views/screen.js). It lists
// no tables: a code is what lets a device see a table, here as on a phone.
import { t } from '../i18n.js';
import { h, useStylesheet } from '../lib/dom.js';
import { openOnSubmit } from '../lib/table-code.js';

export function mount(root) {
  useStylesheet('/css/screen.css');
  document.body.classList.add('big-screen');
  const input = h('input#screen-code.sb-pick-code', {
    placeholder: 'ABC234', maxlength: 6, autocomplete: 'off', autocapitalize: 'characters', spellcheck: false,
    'aria-describedby': 'screen-code-help',
  });
  const help = h('p.sb-pick-help#screen-code-help', t('screen.pick_help'));
  const form = h('form.sb-pick', { novalidate: true },
    h('h1', t('screen.pick_title')),
    h('label', { for: 'screen-code' }, t('screen.pick_label')),
    h('div.sb-pick-row', input, h('button.primary', { type: 'submit' }, t('screen.pick_show'))),
    help);
  openOnSubmit(form, input, help, (code) => `#/table/${code}/screen`);
  root.append(form);
  input.focus();
  return { destroy: () => document.body.classList.remove('big-screen') };
}
