// The word judge, made for an argument at the table: type the disputed word(s),
// and the whole screen answers ✓ Valid or ✗ Not valid, without saying which word
// failed unless someone taps "Which one?". The input clears itself after a few
// seconds so the next person cannot read it. Online the server judges (it knows
// proper nouns and abbreviations); offline, the word list saved on the phone does.
// Every verdict names its list: the everyday list, or the word-game list a table,
// a league or the judge's own picker chose.
//
// mountJudge() is also used by the Bresk! panel, where a challenge is logged as a
// table event with the seat who challenged.
import { api } from '../api.js';
import { number, t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { LIST_NAMES, LIST_TITLES, getLexicon, kilobytes, lexiconNow, listName, onLexiconProgress } from '../lib/lexicon.js';
import { useStylesheet } from '../lib/stylesheet.js';

export const CLEAR_AFTER_MS = 4000;
const MAX_WORDS = 10; // the server's limit for one challenge
const APPROX_DOWNLOAD = { en: 160, 'en-wordgame': 310 }; // KB
const approxDownload = (id) => (APPROX_DOWNLOAD[id] ? t('judge.about_kb', { kb: APPROX_DOWNLOAD[id] }) : t('judge.few_hundred_kb'));
const LIST_KEY = 'judge-list'; // the list the judge page (outside a table) uses on this phone

export const seatKey = (code) => `bresk-seat:${code}`;

export function splitWords(text) {
  return String(text).split(/[\s,;]+/).map((w) => w.trim()).filter(Boolean);
}

/** The list's download state, as a line with a progress bar. */
function lexiconStatus(id) {
  const text = h('span.lexicon-status-text', t('judge.checking_list'));
  // The bar keeps its place while hidden (judge.css), so the form below never moves.
  const bar = h('progress', { max: 1, 'aria-label': t('judge.list_download') });
  const el = h('p.lexicon-status', { dataset: { state: 'checking' }, 'aria-live': 'polite' }, text, bar);
  const show = (detail) => {
    if (detail.id !== id) return;
    el.dataset.state = detail.state;
    if (detail.state === 'downloading') {
      if (detail.fraction != null) bar.value = detail.fraction;
      else bar.removeAttribute('value');
      const pct = detail.fraction != null ? ` ${number(detail.fraction, { style: 'percent' })}` : '';
      const size = detail.transferBytes ? kilobytes(detail.transferBytes) : approxDownload(id);
      text.textContent = t('judge.saving_list', { list: listName(id), pct, size });
    } else if (detail.state === 'ready') {
      const size = detail.lexicon.transferBytes ? `, ${kilobytes(detail.lexicon.transferBytes)}` : '';
      text.textContent = t('judge.works_offline', { count: detail.lexicon.size, size });
    } else if (detail.state === 'error') {
      text.textContent = t('judge.needs_list', { list: listName(id), size: approxDownload(id) });
    }
  };
  const off = onLexiconProgress(show);
  const now = lexiconNow(id);
  if (now) show({ id, state: 'ready', lexicon: now });
  return { el, destroy: off };
}

/**
 * The judge: input, Judge button, full-screen verdict.
 * With `session` (a TableSession), the challenge is posted as a table `challenge`
 * event, by the seat picked in "Who challenges?".
 */
export function mountJudge(root, { session = null, lexicon: lexiconId = 'en', autofocus = false } = {}) {
  useStylesheet('/css/judge.css');
  const id = session?.view?.options?.lexicon || lexiconId;
  const status = lexiconStatus(id);
  const named = h('p.lexicon-name', t('judge.judged_by', { list: listName(id) }));
  const input = h('input#judge-input', {
    type: 'text', autocomplete: 'off', autocorrect: 'off', autocapitalize: 'characters', spellcheck: false,
    enterkeyhint: 'go', placeholder: t('judge.placeholder'), 'aria-describedby': 'judge-help',
  });
  const help = h('p.meta#judge-help', t('judge.help'));
  const by = h('select#judge-by');
  const byRow = session ? h('div', h('label', { for: 'judge-by' }, t('judge.who')), by) : null;
  const button = h('button.primary.judge-go', { type: 'submit' }, t('judge.judge'));
  const form = h('form.judge-form', { novalidate: true },
    h('label', { for: 'judge-input' }, t('judge.in_dispute')), input, byRow, help, button);

  const mark = h('span.verdict-mark', { 'aria-hidden': 'true' });
  const word = h('strong.verdict-word');
  const meta = h('p.verdict-meta');
  const reveal = h('ul.verdict-reveal', { hidden: true });
  const which = h('button.verdict-which', { type: 'button' }, t('judge.which'));
  const done = h('button.verdict-done', { type: 'button' }, t('judge.done'));
  const overlay = h('div.verdict', { hidden: true, role: 'alert', tabindex: '-1' },
    mark, word, meta, reveal, h('div.verdict-actions', which, done));
  // The download's status goes under the form: however it changes, the input and button stay put.
  root.append(h('div.judge', named, form, status.el), overlay);

  let words = null; // the words of the verdict on screen, kept only for "Which one?"
  let outcome = null;
  let clearTimer = 0;
  let destroyed = false;

  getLexicon(id); // saved on the phone for offline judging, in the background

  function seats(view) {
    if (!session || !view) return;
    const chosen = by.value || localStorage.getItem(seatKey(view.code)) || '';
    by.replaceChildren(h('option', { value: '' }, t('judge.pick_player')),
      ...view.seats.map((name, i) => h('option', { value: String(i) }, name)));
    by.value = chosen;
  }
  seats(session?.view);

  function problem(message) {
    help.textContent = message;
    help.classList.add('error');
  }

  function show(result, offline) {
    outcome = result;
    overlay.dataset.valid = String(result.valid);
    mark.textContent = result.valid ? '✓' : '✗';
    word.textContent = result.valid ? t('judge.valid') : t('judge.not_valid');
    const count = t('judge.words', { count: result.words });
    // The phone's name for a list it knows, so it reads as the rest of the screen; else the server's.
    const list = LIST_NAMES[result.lexicon || id] || result.list || listName(id);
    meta.textContent = [count, result.valid ? t('judge.in_list', { list }) : t('judge.by_list', { list }),
      offline ? t('judge.judged_offline') : null, result.queued ? t('judge.logged_later') : null].filter(Boolean).join(' · ');
    reveal.hidden = true;
    reveal.replaceChildren();
    which.hidden = result.valid;
    which.disabled = false;
    overlay.hidden = false;
    overlay.focus({ preventScroll: true });
    clearTimeout(clearTimer);
    clearTimer = setTimeout(() => (input.value = ''), CLEAR_AFTER_MS);
  }

  function close() {
    overlay.hidden = true;
    words = null;
    outcome = null;
    reveal.replaceChildren();
    input.value = '';
    clearTimeout(clearTimer);
  }

  async function offlineVerdict(list) {
    const lex = await getLexicon(id);
    if (!lex) {
      problem(t('judge.no_list_offline', { list: listName(id), size: approxDownload(id) }));
      return null;
    }
    return lex.challenge(list);
  }

  async function judge() {
    const list = splitWords(input.value);
    help.classList.remove('error');
    if (!list.length) return problem(t('judge.type_first'));
    if (list.length > MAX_WORDS) return problem(t('judge.at_most', { count: MAX_WORDS }));
    if (list.some((w) => w.length > 64)) return problem(t('judge.too_long', { count: 64 }));
    let seat = null;
    if (session) {
      if (by.value === '') return problem(t('judge.pick_who'));
      seat = Number(by.value);
    }
    button.disabled = true;
    try {
      let result = null;
      let offline = false;
      try {
        if (session) {
          // Logged at the table; offline it waits in the outbox and is logged when back.
          const reply = await session.act('challenge', { words: list, by: seat });
          if (reply) result = reply.event.data.verdict;
        } else if (navigator.onLine) {
          result = await api.challenge(id, list, false);
        }
      } catch (err) {
        if (!err.offline) return problem(err.message);
      }
      if (!result) {
        result = await offlineVerdict(list);
        offline = true;
        if (result && session) result.queued = true;
      }
      if (!result) return undefined;
      words = list;
      show(result, offline);
    } finally {
      button.disabled = false;
    }
    return undefined;
  }

  async function showWhich() {
    if (!words) return;
    which.disabled = true;
    let verdicts = outcome?.verdicts;
    let offline = Boolean(outcome?.offline);
    if (!verdicts && !navigator.onLine) {
      verdicts = (await offlineVerdict(words))?.verdicts;
      offline = true;
    } else if (!verdicts) {
      try {
        verdicts = (await api.challenge(id, words, true)).verdicts; // asked again, not logged
      } catch (err) {
        if (!err.offline) {
          which.disabled = false;
          return;
        }
        verdicts = (await offlineVerdict(words))?.verdicts;
        offline = true;
      }
    }
    if (!verdicts || overlay.hidden) return;
    reveal.replaceChildren(...verdicts.map((v) =>
      h('li', { class: v.valid ? 'good' : 'bad' },
        h('span.reveal-mark', v.valid ? '✓' : '✗'), ' ', h('strong', v.normalized || v.word), ` — ${v.message || v.reason}`)));
    if (offline) reveal.append(h('li.muted', t('judge.offline_note')));
    reveal.hidden = false;
    which.hidden = true;
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    judge();
  });
  which.addEventListener('click', showWhich);
  done.addEventListener('click', close);
  overlay.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });
  by.addEventListener('change', () => {
    if (session?.view && by.value !== '') localStorage.setItem(seatKey(session.view.code), by.value);
  });
  if (autofocus) setTimeout(() => input.focus(), 0);

  return {
    input,
    update: seats,
    destroy() {
      destroyed = true;
      clearTimeout(clearTimer);
      status.destroy();
    },
  };
}

function tableFromHash() {
  const query = location.hash.split('?')[1] || '';
  return new URLSearchParams(query).get('table');
}

export function mount(root, params = {}) {
  // The judge's own styles first: drawn without them, the form would jump when they arrive.
  const styled = useStylesheet('/css/judge.css');
  const code = (params.table || tableFromHash() || '').toUpperCase();
  root.append(
    h('h1', t('judge.title')),
    h('p.lead', t('judge.lead')),
  );
  const slot = h('section.card.judge-card', { hidden: true });
  root.append(slot);
  let judge = null;
  let session = null;
  let gone = false;
  const show = (options) => {
    if (gone) return;
    slot.hidden = false;
    judge = mountJudge(slot, { ...options, autofocus: true });
  };
  if (code) {
    const back = h('a.button', { href: `#/table/${code}` }, t('judge.back_to_table', { code }));
    root.append(h('p', back));
    // The table's session (and the offline queue behind it) is loaded only for a judge at a table.
    const started = import('../session.js').then(({ TableSession }) => {
      if (gone) throw new Error('left');
      session = new TableSession(code);
      return session.start();
    });
    Promise.all([started, styled])
      .then(() => {
        show({ session });
        session?.addEventListener('change', (e) => judge?.update(e.detail));
      })
      .catch(() => {
        session = null;
        styled.then(() => show({}));
      });
  } else {
    // Outside a table the phone picks its list, and keeps the choice.
    const saved = localStorage.getItem(LIST_KEY);
    const picker = h('select#judge-list', Object.entries(LIST_TITLES).map(([id, title]) => h('option', { value: id }, title)));
    picker.value = LIST_TITLES[saved] ? saved : 'en';
    getLexicon(picker.value); // the word list starts loading (in a worker) while the styles arrive
    // Placed with the judge's styles: drawn before them, it would move when they arrive.
    styled.then(() => {
      if (gone) return;
      slot.before(h('div.judge-list-picker', h('label', { for: 'judge-list' }, t('judge.word_list')), picker));
      show({ lexicon: picker.value });
    });
    picker.addEventListener('change', () => {
      localStorage.setItem(LIST_KEY, picker.value);
      judge?.destroy();
      slot.replaceChildren();
      show({ lexicon: picker.value });
    });
  }
  return {
    destroy() {
      gone = true;
      judge?.destroy();
      session?.stop();
    },
  };
}
