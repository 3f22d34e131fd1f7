// #/leagues: the leagues this phone has a link for, and making a new one.
import { leagues } from '../api.js';
import { t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { ROLE_NAMES, ensureCss, knownLeagues, linkRow, remember } from './league-common.js';

function leagueItem(entry) {
  return h('li', h('a.card.league-item', { href: `#/league/${encodeURIComponent(entry.id)}`, dataset: { league: entry.id } },
    h('span.league-name', entry.name || t('league.league')),
    h(`span.role.role-${entry.role}`, entry.role === 'viewer' ? t('league.viewer_read_only') : ROLE_NAMES[entry.role])));
}

function created(entry) {
  return h('section.card.created', { 'aria-labelledby': 'created-title' },
    h('h2#created-title', t('league.is_ready', { name: entry.name })),
    h('p', t('league.hand_out_links')),
    h('p.warning', { role: 'note' }, h('strong', t('league.keep_admin_safe')), ' ',
      t('league.send_admin_only')),
    ['admin', 'member', 'viewer'].map((role) => linkRow(entry, role)),
    h('a.button.primary.wide', { href: `#/league/${encodeURIComponent(entry.id)}` }, t('league.open')));
}

/** A league made or imported: this phone keeps its three links. Returns its entry. */
function keepLinks(league) {
  for (const role of ['viewer', 'member', 'admin']) {
    remember({ id: league.id, name: league.name, role, token: league[`${role}_token`] });
  }
  return knownLeagues().find((l) => l.id === league.id);
}

/** Making a league: its name, then its links in place of the form. `onMade()` after. */
function createForm(onMade) {
  const name = h('input#league-name', { maxlength: 80, placeholder: t('league.name_placeholder'), autocomplete: 'off', required: true });
  const error = h('p.error', { role: 'alert', hidden: true });
  const submit = h('button.primary', { type: 'submit' }, t('league.create'));
  const form = h('form.card.create-league', { novalidate: true },
    h('label', { for: 'league-name' }, t('league.create_title')),
    h('p#league-name-help.meta', t('league.create_help')),
    h('div.row', name, submit), error);
  name.setAttribute('aria-describedby', 'league-name-help');

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    const value = name.value.trim();
    if (!value) {
      error.textContent = t('league.name_it');
      error.hidden = false;
      name.focus();
      return;
    }
    submit.disabled = true;
    try {
      const entry = keepLinks(await leagues.create(value));
      form.replaceWith(created(entry));
      onMade();
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

/** The question asked before importing a league whose name a league on this phone already has: the import
 *  makes a second league (new links), it never replaces the one here. `answer(yes)` with the choice. */
function importAgainQuestion(answer) {
  const question = h('p#import-again-question');
  const yes = h('button#import-again.primary', { type: 'button', onclick: () => answer(true) }, t('league.import_again'));
  const no = h('button#import-cancel', { type: 'button', onclick: () => answer(false) }, t('resultpage.cancel'));
  const el = h('div.confirm.import-again-ask', { role: 'group', 'aria-labelledby': 'import-again-question', hidden: true },
    question, h('div.row.form-buttons', yes, no));
  const ask = (name) => {
    question.textContent = t('league.import_again_question', { name });
    el.hidden = false;
    no.focus();
  };
  return { el, ask, close: () => { el.hidden = true; } };
}

/** A new league from a file: BG Stats' own export (games, players, plays; no format of ours), a BoardGameGeek
 * plays file (its XML text), or our own export. */
function importFile(data) {
  const bgstats = !data?.format && Array.isArray(data?.plays);
  return typeof data === 'string' ? leagues.importBgg(data) : bgstats ? leagues.importBgStats(data) : leagues.importLeague(data);
}

/** The games a file held that the app does not keep, said once the league is made (none: nothing said). */
function leftOutNote(answer) {
  const leftOut = (answer.left_out || []).map((g) => t('league.left_out_game', { game: g.game, count: g.plays }));
  return leftOut.length ? [h('p.meta.left-out', t('league.left_out', { games: leftOut.join(', ') }))] : [];
}

function sayRefused(status, error, message) {
  status.textContent = '';
  error.textContent = message;
  error.hidden = false;
}

/** Moving a league to this server (or restoring one): the JSON file its admin downloaded. `onMade()` after. */
function importCard(onMade) {
  const file = h('input#import-file', { type: 'file', accept: '.json,.xml,application/json,application/xml,text/xml' });
  const importStatus = h('p.status', { role: 'status' });
  const importError = h('p.error', { role: 'alert', hidden: true });
  let waiting = null; // the export read, while the phone asks whether to import it again
  const again = importAgainQuestion((yes) => {
    again.close();
    if (yes) send(waiting);
    else importStatus.textContent = '';
    waiting = null;
  });
  const importer = h('details.card.import-league',
    h('summary', t('league.import_title')),
    h('p.meta', t('league.import_help')),
    h('label', { for: 'import-file' }, t('league.export_file')), file, again.el, importStatus, importError);
  const refuse = (message) => sayRefused(importStatus, importError, message);
  const send = async (data) => {
    importStatus.textContent = t('league.importing');
    try {
      const answer = await importFile(data);
      const entry = keepLinks(answer);
      importStatus.textContent = '';
      importer.replaceWith(created(entry), ...leftOutNote(answer));
      onMade();
    } catch (err) {
      refuse(t('league.not_imported', { why: err.message }));
    }
  };
  file.addEventListener('change', async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    importError.hidden = true;
    again.close();
    let data;
    try {
      const text = await chosen.text();
      if (text.trimStart().startsWith('<')) { // a saved BoardGameGeek plays file
        send(text);
        return;
      }
      data = JSON.parse(text);
    } catch {
      refuse(t('league.not_json'));
      return;
    } finally {
      file.value = '';
    }
    // The same export imported twice would make a second league of the same name without a word: ask first.
    if (knownLeagues().some((l) => l.name === data?.name)) {
      waiting = data;
      again.ask(data.name);
    } else {
      send(data);
    }
  });
  return importer;
}

export function mount(root) {
  ensureCss();
  const list = knownLeagues();
  const mine = h('ul.league-list', list.map(leagueItem));
  const yours = h('section.your-leagues', { 'aria-labelledby': 'your-leagues' }, h('h2#your-leagues', t('league.yours')), mine);
  const empty = h('p.meta.empty-note', t('league.empty_note'));
  const made = () => {
    mine.replaceChildren(...knownLeagues().map(leagueItem));
    yours.hidden = false;
    empty.hidden = true;
  };
  const form = createForm(made);
  const importer = importCard(made);
  const page = h('div.league-page',
    h('h1', t('home.leagues')),
    h('p.lead', t('league.lead')));
  // No league yet: creating one comes first; otherwise the leagues this phone knows do.
  if (list.length) page.append(yours, form, importer);
  else page.append(form, empty, yours, importer);
  yours.hidden = !list.length;
  root.append(page);
}
