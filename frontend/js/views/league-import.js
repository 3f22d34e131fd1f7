// League settings: bring in plays from a BG Stats export file or a saved BoardGameGeek plays file.
// The file is read on the phone and sent for a preview (nothing is written): which games, how many plays
// are new, which league player each name in the file becomes. The admin chooses games and players, the
// preview follows, and only "Add" writes — all of it or nothing; plays the league has already are skipped.
import { leagues } from '../api.js';
import { t } from '../i18n.js';
import { h } from '../lib/dom.js';
import { fill } from './league-common.js';

const MAX_BYTES = 8 * 1024 * 1024; // the server's bound on an import's body

/** "bgg" for XML (a BoardGameGeek plays file), else "bgstats" (BG Stats' JSON). */
const formatOf = (name, text) => (/\.xml$/i.test(name) || text.trimStart().startsWith('<') ? 'bgg' : 'bgstats');

function whyText(why) {
  switch (why) {
    case 'cooperative': return t('import.why_cooperative');
    case 'incomplete': return t('import.why_incomplete');
    case 'no_win_stats': return t('import.why_no_win_stats');
    case 'one_player': return t('import.why_one_player');
    default: return t('import.why_not_chosen');
  }
}

/** What the admin chose in the preview: the games ticked, and whom each name in the file goes to. */
function choicesIn(preview) {
  const games = [...preview.querySelectorAll('.import-game input:checked')].map((box) => box.value);
  const mapping = {};
  for (const select of preview.querySelectorAll('select.import-player')) {
    mapping[select.dataset.name] = select.value === '' ? null : select.value;
  }
  return { games, players: mapping };
}

/** A game of the file: ticked to come in (where any of its plays can), with what it becomes. */
function gameItem(game, i, ask) {
  const id = `import-game-${i}`;
  const usable = game.why === null || game.why === 'not_chosen'; // else none of its plays can come in
  const box = h(`input#${id}`, { type: 'checkbox', value: game.name, checked: game.why === null, disabled: !usable });
  box.addEventListener('change', () => ask());
  const what = game.stands_in ? t('import.as_score_pad') : t('import.our_game');
  return h('li.import-game', box, h('label', { for: id }, h('strong', game.name), ' ',
    h('span.meta', `${t('import.game_plays', { count: game.new })} · ${game.why ? whyText(game.why) : what}`)));
}

/** A name of the file, and the league's player its plays go to (or a new player of that name). */
function playerItem(p, i, players, ask) {
  const id = `import-player-${i}`;
  const select = h(`select#${id}.import-player`, { 'data-name': p.name },
    h('option', { value: '' }, t('import.new_player', { name: p.name })),
    players.map((name) => h('option', { value: name }, name)));
  select.value = p.player ?? '';
  select.addEventListener('change', () => ask());
  return h('li.import-player-row', h('label', { for: id }, p.name, ' ',
    h('span.meta', t('import.game_plays', { count: p.plays }))), select);
}

/** The preview drawn (true): what would come in, each game to tick, each name of the file to map. */
function drawPreview(preview, add, answer, players, ask) {
  const gameBoxes = answer.games.map((game, i) => gameItem(game, i, ask));
  const playerRows = answer.players.map((p, i) => playerItem(p, i, players, ask));
  fill(preview,
    h('p.import-summary', { 'aria-live': 'polite' }, t('import.summary', { added: answer.added, already: answer.already })),
    answer.games.length ? h('fieldset.import-games', h('legend', t('import.games')), h('ul.admin-list', gameBoxes)) : null,
    playerRows.length ? h('fieldset.import-players', h('legend', t('import.players')), h('ul.admin-list', playerRows)) : null);
  add.textContent = t('import.add', { count: answer.added });
  add.hidden = answer.added === 0;
  return true;
}

/** The file picked, as the server takes it; null (and the error said) when it is too big to send. */
async function readPicked(picked, failed) {
  if (picked.size > MAX_BYTES) {
    failed({ message: t('import.too_big') });
    return null;
  }
  const text = await picked.text();
  return { format: formatOf(picked.name, text), file: text };
}

/** The section, drawn in `card`; `players` are the league's names; `changed()` after plays were added. */
export function importSection(league, card, players, changed) {
  let file = null; // { format, text }
  let shown = false; // a preview is drawn
  const input = h('input#import-file', { type: 'file', accept: '.json,.xml,application/json,application/xml,text/xml' });
  const status = h('p.status.import-status', { role: 'status' });
  const error = h('p.error.form-error.import-error', { role: 'alert', hidden: true });
  const preview = h('div.import-preview');
  const add = h('button#import-confirm.primary', { type: 'button', hidden: true });
  const choices = () => (shown ? choicesIn(preview) : {});
  const failed = (err) => {
    if (err.status === 401) return league.lost();
    error.textContent = err.message;
    error.hidden = false;
  };
  let asking = 0;
  async function ask() {
    if (!file) return;
    const mine = ++asking;
    error.hidden = true;
    try {
      const answer = await leagues.previewImport(league.id, league.token(), { ...file, ...choices() });
      if (mine === asking) shown = drawPreview(preview, add, answer, players, ask);
    } catch (err) {
      if (mine === asking) failed(err);
    }
  }

  input.addEventListener('change', async () => {
    const picked = input.files[0];
    shown = false;
    add.hidden = true;
    preview.replaceChildren();
    status.textContent = '';
    error.hidden = true;
    file = picked ? await readPicked(picked, failed) : null;
    if (!file) return;
    status.textContent = t('import.checking');
    await ask();
    status.textContent = '';
  });

  add.addEventListener('click', async () => {
    add.disabled = true;
    error.hidden = true;
    try {
      const done = await leagues.confirmImport(league.id, league.token(), { ...file, ...choices() });
      players.push(...done.new_players);
      await ask(); // the file again: nothing new in it now
      status.textContent = t('import.done', { added: done.added, already: done.already });
      changed();
    } catch (err) {
      failed(err);
    } finally {
      add.disabled = false;
    }
  });

  fill(card, h('h2#import-title', t('import.title')), h('p.meta', t('import.help')),
    h('label', { for: 'import-file' }, t('import.file')), input, error, preview, add, status);
}
