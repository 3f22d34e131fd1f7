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
import { h } from '../lib/dom.js';
import { LIST_TITLES, getLexicon, kilobytes, lexiconNow, listName, onLexiconProgress } from '../lib/lexicon.js';
import { TableSession } from '../session.js';

export const CLEAR_AFTER_MS = 4000;
const MAX_WORDS = 10; // the server's limit for one challenge
const APPROX_DOWNLOAD = { en: 'about 160 KB', 'en-wordgame': 'about 310 KB' };
const approxDownload = (id) => APPROX_DOWNLOAD[id] || 'a few hundred KB';
const LIST_KEY = 'judge-list'; // the list the judge page (outside a table) uses on this phone

const STYLESHEET_WAIT_MS = 3000;

/**
 * Add a stylesheet once. Resolves when it has loaded (or failed, or after 3 s), so a
 * screen can wait for its styles instead of showing unstyled and then jumping.
 */
export function useStylesheet(href) {
  let link = document.querySelector(`link[rel=stylesheet][href="${href}"]`);
  if (link?.sheet) return Promise.resolve();
  if (!link) {
    link = h('link', { rel: 'stylesheet', href });
    document.head.append(link);
  }
  return new Promise((resolve) => {
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true });
    setTimeout(resolve, STYLESHEET_WAIT_MS);
  });
}

export const seatKey = (code) => `bresk-seat:${code}`;

export function splitWords(text) {
  return String(text).split(/[\s,;]+/).map((w) => w.trim()).filter(Boolean);
}

/** The list's download state, as a line with a progress bar. */
function lexiconStatus(id) {
  const text = h('span.lexicon-status-text', 'Checking the word list on this phone…');
  // The bar keeps its place while hidden (judge.css), so the form below never moves.
  const bar = h('progress', { max: 1, 'aria-label': 'Word list download' });
  const el = h('p.lexicon-status', { dataset: { state: 'checking' }, 'aria-live': 'polite' }, text, bar);
  const show = (detail) => {
    if (detail.id !== id) return;
    el.dataset.state = detail.state;
    if (detail.state === 'downloading') {
      if (detail.fraction != null) bar.value = detail.fraction;
      else bar.removeAttribute('value');
      const pct = detail.fraction != null ? ` ${Math.round(detail.fraction * 100)}%` : '';
      const size = detail.transferBytes ? kilobytes(detail.transferBytes) : approxDownload(id);
      text.textContent = `Saving the ${listName(id)} for offline judging…${pct} (${size} download)`;
    } else if (detail.state === 'ready') {
      const size = detail.lexicon.transferBytes ? `, ${kilobytes(detail.lexicon.transferBytes)}` : '';
      text.textContent = `Works offline: ${detail.lexicon.size.toLocaleString()} words saved on this phone${size}.`;
    } else if (detail.state === 'error') {
      text.textContent = `Offline judging needs the ${listName(id)} once (${approxDownload(id)}); it downloads when you are online.`;
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
  const named = h('p.lexicon-name', `Judged by the ${listName(id)}`);
  const input = h('input#judge-input', {
    type: 'text', autocomplete: 'off', autocorrect: 'off', autocapitalize: 'characters', spellcheck: false,
    enterkeyhint: 'go', placeholder: 'word or words', 'aria-describedby': 'judge-help',
  });
  const help = h('p.meta#judge-help', 'One word, or several separated by spaces or commas. The answer says only whether all of them are valid.');
  const by = h('select#judge-by');
  const byRow = session ? h('div', h('label', { for: 'judge-by' }, 'Who challenges?'), by) : null;
  const button = h('button.primary.judge-go', { type: 'submit' }, 'Judge');
  const form = h('form.judge-form', { novalidate: true },
    h('label', { for: 'judge-input' }, 'Word(s) in dispute'), input, byRow, help, button);

  const mark = h('span.verdict-mark', { 'aria-hidden': 'true' });
  const word = h('strong.verdict-word');
  const meta = h('p.verdict-meta');
  const reveal = h('ul.verdict-reveal', { hidden: true });
  const which = h('button.verdict-which', { type: 'button' }, 'Which one?');
  const done = h('button.verdict-done', { type: 'button' }, 'Done');
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
    by.replaceChildren(h('option', { value: '' }, 'Pick a player'),
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
    word.textContent = result.valid ? 'Valid' : 'Not valid';
    const count = result.words === 1 ? '1 word' : `${result.words} words`;
    const name = result.list || listName(id);
    meta.textContent = `${count} · ${result.valid ? 'in' : 'by'} the ${name}${offline ? ' · judged offline' : ''}${result.queued ? ' · logged at the table when back online' : ''}`;
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
      problem(`No connection, and the ${listName(id)} is not on this phone yet: connect once to download it (${approxDownload(id)}).`);
      return null;
    }
    return lex.challenge(list);
  }

  async function judge() {
    const list = splitWords(input.value);
    help.classList.remove('error');
    if (!list.length) return problem('Type a word first.');
    if (list.length > MAX_WORDS) return problem(`Judge at most ${MAX_WORDS} words at a time.`);
    if (list.some((w) => w.length > 64)) return problem('A word can be at most 64 characters.');
    let seat = null;
    if (session) {
      if (by.value === '') return problem('Pick who challenges.');
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
    if (offline) reveal.append(h('li.muted', 'Judged offline: the phone’s list cannot tell a proper noun or an abbreviation from a non-word.'));
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
    h('h1', 'Word judge'),
    h('p.lead', 'For a dispute at the table. Type the word or words, tap Judge, and show everyone the screen.'),
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
    session = new TableSession(code);
    const back = h('a.button', { href: `#/table/${code}` }, `Back to table ${code}`);
    root.append(h('p', back));
    Promise.all([session.start(), styled])
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
    slot.before(h('div.judge-list-picker', h('label', { for: 'judge-list' }, 'Word list'), picker));
    getLexicon(picker.value); // the word list starts loading (in a worker) while the styles arrive
    styled.then(() => show({ lexicon: picker.value }));
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
