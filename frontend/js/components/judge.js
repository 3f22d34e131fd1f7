// The word judge, made for an argument at the table: type the disputed word(s),
// and the whole screen answers ✓ Valid or ✗ Not valid, without saying which word
// failed unless someone taps "Which one?". The input clears itself after a few
// seconds so the next person cannot read it. Online the server judges (it knows
// proper nouns and abbreviations); offline, the word list saved on the phone does.
// Every verdict names its list: the everyday list, or the word-game list a table,
// a league or the judge's own picker chose.
//
// After the ruling, "What does it mean?" asks the server for the words' meanings (never before: the
// verdict does not wait for them), and offline says that meanings need the connection.
//
// mountJudge() is the judge's own page (views/judge.js) and a part of a game's panel that judges words
// (games/bresk.js), where a challenge is logged as a table event with the seat who challenged.
import { api } from '../api.js';
import { number, t } from '../i18n.js';
import { h, useStylesheet } from '../lib/dom.js';
import { LIST_NAMES, getLexicon, kilobytes, lexiconNow, listName, onLexiconProgress } from '../lib/lexicon.js';
import { inertAround } from '../lib/inert.js';
import { fillMeanings } from '../lib/meanings.js';

export const CLEAR_AFTER_MS = 4000;
const MAX_WORDS = 10; // the server's limit for one challenge
const APPROX_DOWNLOAD = { en: 160, 'en-wordgame': 310 }; // KB
const approxDownload = (id) => (APPROX_DOWNLOAD[id] ? t('judge.about_kb', { kb: APPROX_DOWNLOAD[id] }) : t('judge.few_hundred_kb'));

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

/** The form: the words in dispute, who challenges (at a table only), and Judge. */
function judgeForm(session) {
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
  return {
    form, input, help, by, button,
    problem(message) {
      help.textContent = message;
      help.classList.add('error');
    },
  };
}

/** "Who challenges?": the table's seats, keeping the one picked (or the one this phone plays). */
function fillSeats(by, session, view) {
  if (!session || !view) return;
  const chosen = by.value || (session.mySeat !== null ? String(session.mySeat) : '');
  by.replaceChildren(h('option', { value: '' }, t('judge.pick_player')),
    ...view.seats.map((name, i) => h('option', { value: String(i) }, name)));
  by.value = chosen;
}

/** The full-screen verdict: ✓ Valid or ✗ Not valid, how many words and by which list; "Which one?". */
function verdictOverlay() {
  const v = {
    mark: h('span.verdict-mark', { 'aria-hidden': 'true' }),
    word: h('strong.verdict-word'),
    meta: h('p.verdict-meta'),
    reveal: h('ul.verdict-reveal', { hidden: true }),
    meanings: h('div.verdict-meanings', { hidden: true, 'aria-live': 'polite' }),
    which: h('button.verdict-which', { type: 'button' }, t('judge.which')),
    mean: h('button.verdict-mean', { type: 'button' }, t('meaning.ask')),
    done: h('button.verdict-done', { type: 'button' }, t('judge.done')),
  };
  v.el = h('div.verdict', { hidden: true, role: 'alert', tabindex: '-1' },
    v.mark, v.word, v.meta, v.reveal, v.meanings, h('div.verdict-actions', v.which, v.mean, v.done));
  return v;
}

function showVerdict(v, result, { list, offline }) {
  v.el.dataset.valid = String(result.valid);
  v.mark.textContent = result.valid ? '✓' : '✗';
  v.word.textContent = result.valid ? t('judge.valid') : t('judge.not_valid');
  const count = t('judge.words', { count: result.words });
  v.meta.textContent = [count, result.valid ? t('judge.in_list', { list }) : t('judge.by_list', { list }),
    offline ? t('judge.judged_offline') : null, result.queued ? t('judge.logged_later') : null].filter(Boolean).join(' · ');
  v.reveal.hidden = true;
  v.reveal.replaceChildren();
  v.which.hidden = result.valid;
  v.which.disabled = false;
  v.meanings.hidden = true;
  v.meanings.replaceChildren();
  v.mean.hidden = false;
  v.mean.disabled = false;
  delete v.el.dataset.more;
  v.el.hidden = false;
  // The page behind is out of reach while the verdict is up: a query sent from there would be refused
  // under a verdict that no longer answers it. The focus comes back on close.
  v.restore ||= inertAround(v.el);
}

/** Each word's verdict, in the overlay. */
function showWords(v, { verdicts, offline }) {
  v.reveal.replaceChildren(...verdicts.map((w) =>
    h('li', { class: w.valid ? 'good' : 'bad' },
      h('span.reveal-mark', w.valid ? '✓' : '✗'), ' ', h('strong', w.normalized || w.word), ` — ${w.message || w.reason}`)));
  if (offline) v.reveal.append(h('li.muted', t('judge.offline_note')));
  v.reveal.hidden = false;
  v.which.hidden = true;
  v.el.dataset.more = '';
}

/** "What does it mean?": asked of the server only now, after the ruling; offline, says it needs the connection. */
async function showMeanings(j) {
  const v = j.verdict;
  if (!j.words) return;
  const words = j.words;
  v.meanings.hidden = false;
  v.el.dataset.more = '';
  v.mean.disabled = true;
  const shown = await fillMeanings(v.meanings, j.id, words, () => j.words === words, j.session?.code);
  if (j.words !== words) return; // the verdict was closed meanwhile
  v.mean.hidden = shown;
  v.mean.disabled = false;
}

/** Why these words cannot be judged, or ''. */
function wordsProblem(list) {
  if (!list.length) return t('judge.type_first');
  if (list.length > MAX_WORDS) return t('judge.at_most', { count: MAX_WORDS });
  if (list.some((w) => w.length > 64)) return t('judge.too_long', { count: 64 });
  return '';
}

/** The verdict: at a table, the challenge event's (logged; offline it waits in the outbox and is
 *  logged when back); elsewhere the server's; without a connection, the list saved on the phone.
 *  { result, offline }, or { refused } with the server's reason. */
async function verdictFor(session, id, list, seat, offlineVerdict) {
  let result = null;
  try {
    if (session) {
      const reply = await challengeAtTable(session, list, seat);
      if (reply) result = reply.event.data.verdict;
    } else if (navigator.onLine) {
      result = await api.challenge(id, list, false);
    }
  } catch (err) {
    if (!err.offline) return { refused: err.message };
  }
  if (result) return { result, offline: false };
  result = await offlineVerdict(list);
  if (result && session) result.queued = true;
  return { result, offline: true };
}

/** A challenge logged at the table; for a challenger on another phone, once this phone confirms it is for them. */
async function challengeAtTable(session, words, seat) {
  const send = (onBehalf) => session.act('challenge', { words, by: seat }, { onBehalf, handles: ['seat_on_another_phone'] });
  try {
    return await send(false);
  } catch (err) {
    const name = session.view?.seats[seat];
    if (err.code !== 'seat_on_another_phone' || !window.confirm(t('seats.confirm_challenge_for', { name }))) throw err;
    return send(true);
  }
}

/** Each word's verdict for "Which one?": kept with the verdict, asked again (not logged), or from the
 *  phone's list. Null when the server refused. */
async function wordVerdicts(outcome, id, words, offlineVerdict) {
  if (outcome?.verdicts) return { verdicts: outcome.verdicts, offline: Boolean(outcome.offline) };
  if (!navigator.onLine) return { verdicts: (await offlineVerdict(words))?.verdicts, offline: true };
  try {
    return { verdicts: (await api.challenge(id, words, true)).verdicts, offline: Boolean(outcome?.offline) };
  } catch (err) {
    if (!err.offline) return null;
    return { verdicts: (await offlineVerdict(words))?.verdicts, offline: true };
  }
}

/** The word list saved on the phone judges, or says it is missing. */
async function offlineVerdict(j, list) {
  const lex = await getLexicon(j.id);
  if (!lex) {
    j.form.problem(t('judge.no_list_offline', { list: listName(j.id), size: approxDownload(j.id) }));
    return null;
  }
  return lex.challenge(list);
}

/** The words typed, judged and shown full screen; the input clears itself a few seconds later. */
async function judgeTyped(j) {
  const { form: f, session } = j;
  const list = splitWords(f.input.value);
  f.help.classList.remove('error');
  const problem = wordsProblem(list) || (session && f.by.value === '' ? t('judge.pick_who') : '');
  if (problem) return f.problem(problem);
  const seat = session ? Number(f.by.value) : null;
  f.button.disabled = true;
  try {
    const { result, offline, refused } = await verdictFor(session, j.id, list, seat, (words) => offlineVerdict(j, words));
    if (refused) return f.problem(refused);
    if (!result) return undefined;
    j.words = list;
    j.outcome = result;
    // The phone's name for a list it knows, so it reads as the rest of the screen; else the server's.
    showVerdict(j.verdict, result, { list: LIST_NAMES[result.lexicon || j.id] || result.list || listName(j.id), offline });
    clearTimeout(j.clearTimer);
    j.clearTimer = setTimeout(() => (f.input.value = ''), CLEAR_AFTER_MS);
  } finally {
    f.button.disabled = false;
  }
  return undefined;
}

/** "Which one?": each word's verdict under the verdict on screen. */
async function showWhich(j) {
  const v = j.verdict;
  if (!j.words) return;
  v.which.disabled = true;
  const found = await wordVerdicts(j.outcome, j.id, j.words, (words) => offlineVerdict(j, words));
  if (!found) {
    v.which.disabled = false;
    return;
  }
  if (!found.verdicts || v.el.hidden) return;
  showWords(v, found);
}

function closeVerdict(j) {
  j.verdict.el.hidden = true;
  j.verdict.restore?.();
  j.verdict.restore = null;
  j.words = null;
  j.outcome = null;
  j.verdict.reveal.replaceChildren();
  j.verdict.meanings.replaceChildren();
  j.form.input.value = '';
  clearTimeout(j.clearTimer);
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
  // words: the words of the verdict on screen, kept only for "Which one?"; outcome: that verdict.
  const j = { session, id, form: judgeForm(session), verdict: verdictOverlay(), words: null, outcome: null, clearTimer: 0 };
  const { form: f, verdict: v } = j;
  // The download's status goes under the form: however it changes, the input and button stay put.
  root.append(h('div.judge', named, f.form, status.el), v.el);

  getLexicon(id); // saved on the phone for offline judging, in the background
  const seats = (view) => fillSeats(f.by, session, view);
  seats(session?.view);

  f.form.addEventListener('submit', (e) => {
    e.preventDefault();
    judgeTyped(j);
  });
  v.which.addEventListener('click', () => showWhich(j));
  v.mean.addEventListener('click', () => showMeanings(j));
  v.done.addEventListener('click', () => closeVerdict(j));
  v.el.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closeVerdict(j);
  });
  if (autofocus) setTimeout(() => f.input.focus(), 0);

  return {
    input: f.input,
    update: seats,
    destroy() {
      clearTimeout(j.clearTimer);
      v.restore?.(); // leaving the screen with the verdict up: the next screen is not inert
      status.destroy();
    },
  };
}
