// The judge's own page (#/judge, #/judge/CODE): the word judge (components/judge.js), at a table or on
// its own with a word list this phone picks and keeps.
import { t } from '../i18n.js';
import { h, useStylesheet } from '../lib/dom.js';
import { LIST_TITLES, getLexicon } from '../lib/lexicon.js';
import { mountJudge } from '../components/judge.js';

const LIST_KEY = 'judge-list'; // the list the judge page (outside a table) uses on this phone

function tableFromHash() {
  const query = location.hash.split('?')[1] || '';
  return new URLSearchParams(query).get('table');
}

// At a table: the table's session (and the offline queue behind it) is loaded only for a judge there.
function atTable(root, page, code, styled) {
  const back = h('a.button', { href: `#/table/${code}` }, t('judge.back_to_table', { code }));
  root.append(h('p', back));
  const started = import('../session.js').then(({ TableSession }) => {
    if (page.gone) throw new Error('left');
    page.session = new TableSession(code);
    return page.session.start();
  });
  Promise.all([started, styled])
    .then(() => {
      page.show({ session: page.session });
      page.session?.addEventListener('change', (e) => page.judge?.update(e.detail));
      page.session?.follow();
    })
    .catch(() => {
      page.session = null;
      styled.then(() => page.show({}));
    });
}

// Outside a table the phone picks its list, and keeps the choice.
function onItsOwn(page, slot, styled) {
  const saved = localStorage.getItem(LIST_KEY);
  const picker = h('select#judge-list', Object.entries(LIST_TITLES).map(([id, title]) => h('option', { value: id }, title)));
  picker.value = LIST_TITLES[saved] ? saved : 'en';
  getLexicon(picker.value); // the word list starts loading (in a worker) while the styles arrive
  // Placed with the judge's styles: drawn before them, it would move when they arrive.
  styled.then(() => {
    if (page.gone) return;
    slot.before(h('div.judge-list-picker', h('label', { for: 'judge-list' }, t('judge.word_list')), picker));
    page.show({ lexicon: picker.value });
  });
  picker.addEventListener('change', () => {
    localStorage.setItem(LIST_KEY, picker.value);
    page.judge?.destroy();
    slot.replaceChildren();
    page.show({ lexicon: picker.value });
  });
}

export function mount(root, params = {}) {
  // The judge's own styles first: drawn without them, the form would jump when they arrive.
  const styled = useStylesheet('/css/judge.css');
  const code = (params.table || tableFromHash() || '').toUpperCase();
  root.append(h('h1', t('judge.title')), h('p.lead', t('judge.lead')));
  const slot = h('section.card.judge-card', { hidden: true });
  root.append(slot);
  const page = { judge: null, session: null, gone: false };
  page.show = (options) => {
    if (page.gone) return;
    slot.hidden = false;
    page.judge = mountJudge(slot, { ...options, autofocus: true });
  };
  if (code) atTable(root, page, code, styled);
  else onItsOwn(page, slot, styled);
  return {
    destroy() {
      page.gone = true;
      page.judge?.destroy();
      page.session?.stop();
    },
  };
}
