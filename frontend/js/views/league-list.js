// #/leagues: the leagues this phone has a link for, and making a new one.
import { leagues } from '../api.js';
import { h } from '../lib/dom.js';
import { ROLE_NAMES, ensureCss, knownLeagues, linkRow, remember } from './league-common.js';

function leagueItem(entry) {
  return h('li', h('a.card.league-item', { href: `#/league/${encodeURIComponent(entry.id)}`, dataset: { league: entry.id } },
    h('span.league-name', entry.name || 'League'),
    h(`span.role.role-${entry.role}`, entry.role === 'viewer' ? 'Viewer · read only' : ROLE_NAMES[entry.role])));
}

function created(entry) {
  return h('section.card.created', { 'aria-labelledby': 'created-title' },
    h('h2#created-title', `“${entry.name}” is ready`),
    h('p', 'Hand out these links. A link is the key: whoever has it gets in, no account needed. This phone remembers them.'),
    h('p.warning', { role: 'note' }, h('strong', 'Keep the admin link safe. '),
      'Send it only to someone who should run the league with you; give the players the member link.'),
    ['admin', 'member', 'viewer'].map((role) => linkRow(entry, role)),
    h('a.button.primary.wide', { href: `#/league/${encodeURIComponent(entry.id)}` }, 'Open the league'));
}

export function mount(root) {
  ensureCss();
  const list = knownLeagues();
  const name = h('input#league-name', { maxlength: 80, placeholder: 'Thursday club', autocomplete: 'off', required: true });
  const error = h('p.error', { role: 'alert', hidden: true });
  const submit = h('button.primary', { type: 'submit' }, 'Create');
  const form = h('form.card.create-league', { novalidate: true },
    h('label', { for: 'league-name' }, 'Create a league'),
    h('p#league-name-help.meta', 'Standings across many evenings: wins, ratings, streaks, head to head.'),
    h('div.row', name, submit), error);
  name.setAttribute('aria-describedby', 'league-name-help');

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    const value = name.value.trim();
    if (!value) {
      error.textContent = 'Give the league a name.';
      error.hidden = false;
      name.focus();
      return;
    }
    submit.disabled = true;
    try {
      const league = await leagues.create(value);
      for (const role of ['viewer', 'member', 'admin']) {
        remember({ id: league.id, name: league.name, role, token: league[`${role}_token`] });
      }
      const entry = knownLeagues().find((l) => l.id === league.id);
      form.replaceWith(created(entry));
      mine.replaceChildren(...knownLeagues().map(leagueItem));
      yours.hidden = false;
      empty.hidden = true;
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    } finally {
      submit.disabled = false;
    }
  });

  // Moving a league to this server (or restoring one): the JSON file its admin downloaded.
  const file = h('input#import-file', { type: 'file', accept: '.json,application/json' });
  const importStatus = h('p.status', { role: 'status' });
  const importError = h('p.error', { role: 'alert', hidden: true });
  const importer = h('details.card.import-league',
    h('summary', 'Import a league from its JSON export'),
    h('p.meta', 'A league’s admin can download it as JSON; importing it here makes a new league with the same players, ' +
      'seasons, house rules and results, and new links.'),
    h('label', { for: 'import-file' }, 'Export file'), file, importStatus, importError);
  file.addEventListener('change', async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    const refuse = (message) => {
      importStatus.textContent = '';
      importError.textContent = message;
      importError.hidden = false;
    };
    importError.hidden = true;
    importStatus.textContent = 'Importing…';
    let data;
    try {
      data = JSON.parse(await chosen.text());
    } catch {
      refuse('This file is not a league export (it is not JSON).');
      file.value = '';
      return;
    }
    try {
      const league = await leagues.importLeague(data);
      for (const role of ['viewer', 'member', 'admin']) {
        remember({ id: league.id, name: league.name, role, token: league[`${role}_token`] });
      }
      importStatus.textContent = '';
      importer.replaceWith(created(knownLeagues().find((l) => l.id === league.id)));
      mine.replaceChildren(...knownLeagues().map(leagueItem));
      yours.hidden = false;
      empty.hidden = true;
    } catch (err) {
      refuse(`Not imported: ${err.message}`);
    } finally {
      file.value = '';
    }
  });

  const mine = h('ul.league-list', list.map(leagueItem));
  const yours = h('section.your-leagues', { 'aria-labelledby': 'your-leagues' }, h('h2#your-leagues', 'Your leagues'), mine);
  const empty = h('p.meta.empty-note', 'Someone shared a league link with you? Open it on this phone and the league appears here.');
  const page = h('div.league-page',
    h('h1', 'Leagues'),
    h('p.lead', 'Keep standings for the group you play with. No accounts: a league is reached by its links.'));
  // No league yet: creating one comes first; otherwise the leagues this phone knows do.
  if (list.length) page.append(yours, form, importer);
  else page.append(form, empty, yours, importer);
  yours.hidden = !list.length;
  root.append(page);
}
