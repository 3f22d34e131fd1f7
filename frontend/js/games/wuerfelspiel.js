// Make 'n' Break Würfelspiel: the builder builds while the stopper die counts up to 30.
// With the app as stopper, the phone that pressed "Los!" rolls at the table's pace and
// speaks every running total; the other phones just show it. With a person as stopper,
// they roll the real yellow die and tap its face. Then the completed cards, End turn.
import { h, stat, tapGuard, useStylesheet } from '../lib/dom.js';
import { t } from '../i18n.js';
import { lang } from '../lib/language.js';
import { nameDice } from '../components/dice.js';
import { STYLESHEET } from './make-n-break.js';

export const stylesheet = STYLESHEET; // the two Make 'N' Break games share one
nameDice((die) => (die === 'stopper' ? t('dice.stopper') : null));

export const usesTimer = false; // the stopper die is the clock
// The totals card (each player's turns and points, who builds, the winners) is the table's scoreboard: the table's
// own list of the same totals is not shown below it, nor its status line ("So far: …"), which the card says its way.
export const ownScores = true;

/** On the stopper's phone (components/seats.js): a person rolls the yellow die, so that phone says so. */
export function turnNote(view, seat) {
  const s = view.state;
  if (s.finished || s.options.stopper !== 'person' || seat !== s.stopper) return '';
  return t('ws.you_stop', { name: view.seats[seat] });
}

const STOP_AT = 30;
const VOICE_KEY = 'scorekeeper.wuerfelspiel.voice';

function voiceOn() {
  try {
    return localStorage.getItem(VOICE_KEY) !== 'off';
  } catch {
    return true;
  }
}

// The voice speaks this phone's language: the phone that rolls for the stopper is the one that
// speaks, so a German stopper's phone counts "zwölf", an English one "twelve". A region the phone
// itself prefers (de-AT, en-GB) wins over the default one.
const SPEECH_DEFAULT = { en: 'en-US', de: 'de-DE' };
export function speechLang(preferred = navigator.languages || []) {
  return preferred.find((tag) => String(tag).toLowerCase().split('-')[0] === lang && tag.includes('-')) || SPEECH_DEFAULT[lang] || lang;
}

// Speak a short text in the phone's language; quietly nothing where speech is missing.
function say(text, { interrupt = true } = {}) {
  if (!voiceOn()) return;
  const synth = window.speechSynthesis;
  if (!synth || typeof window.SpeechSynthesisUtterance !== 'function') return;
  try {
    if (interrupt && synth.pending) synth.cancel?.(); // a fast pace must not build up a backlog of old totals
    const utterance = new window.SpeechSynthesisUtterance(String(text));
    utterance.lang = speechLang();
    // Some phones ignore lang without a voice of that language: pick one when the phone has it.
    const voice = synth.getVoices?.().find((v) => v.lang.replace('_', '-').toLowerCase().startsWith(lang));
    if (voice) utterance.voice = voice;
    utterance.rate = 1.15;
    synth.speak(utterance);
  } catch {
    /* no voice here: the screen shows the total */
  }
}

const faceText = (f) => (f === 0 ? '–' : String(f));

// --- the cards, each { el, update(view) } ----------------------------------------------------

/** Whose turn, who builds (huge), and who is the stopper. */
function whoCard(seat) {
  const turnLine = h('p.mnb-stage');
  const builderName = h('p.mnb-builder', { 'aria-live': 'polite' });
  const roles = h('ul.mnb-roles');
  const el = h('section.card.mnb-who', { 'aria-label': t('mnb.whose_turn') }, turnLine, h('p.mnb-builds-label', t('mnb.builds_now')), builderName, roles);
  function update({ state: s }) {
    const turn = s.turn;
    const o = s.options;
    el.hidden = s.finished;
    if (!s.finished && turn) {
      turnLine.textContent = t('ws.turn_line', { n: turn.number, total: s.turns_total, name: seat(s.builder), own: s.turns_played[s.builder] + 1, each: o.turns_each });
      builderName.textContent = seat(s.builder);
      roles.replaceChildren(h('li', h('span.mnb-role', t('ws.stopper')),
        h('strong', o.stopper === 'app' ? t('ws.the_app', { name: seat(s.stopper) }) : seat(s.stopper))));
    }
  }
  return { el, update };
}

/** The stopper die: its running total (and STOPP at 30), its rolls, Los! and Pause for the app as
 *  stopper, the faces to tap for a person, and the voice switch. */
function stopperParts({ start, stop, tap, toggleVoice }) {
  const ui = {
    total: h('output.ws-total', { 'aria-live': 'off', 'aria-label': t('ws.stopper_total') }, '0'),
    stopp: h('p.ws-stopp', { role: 'alert', hidden: true }, t('ws.stopp')),
    bar: h('div.ws-bar', h('div.ws-fill')),
    rollsRow: h('ol.ws-rolls', { 'aria-label': t('ws.stopper_rolls') }),
    status: h('p.ws-status', { role: 'status' }),
    los: h('button.primary.ws-los', { onclick: start }, t('ws.los')),
    pause: h('button.ws-pause', { onclick: stop }, t('timer.pause')),
    faces: h('div.ws-faces', [0, 1, 2, 3].map((face) =>
      h('button.ws-face', { onclick: () => tap(face), 'aria-label': face === 0 ? t('ws.blank_aria') : t('ws.stopper_n', { n: face }) }, face === 0 ? t('log.blank') : String(face)))),
    voice: h('button.ws-voice', { onclick: toggleVoice, 'aria-pressed': String(voiceOn()) }),
  };
  ui.el = h('section.card.ws-stopper', { 'aria-label': t('ws.stopper') },
    h('div.ws-total-wrap', ui.total, ui.stopp), ui.bar, ui.rollsRow, ui.status, h('div.ws-drive', ui.los, ui.pause), ui.faces, ui.voice);
  return ui;
}

/** The stopper's total, bar and rolls as the table has them. */
function showStopperRolls(ui, turn) {
  const value = turn?.stopper_total ?? 0;
  ui.total.textContent = String(value);
  ui.el.classList.toggle('stopped', !!turn?.stop);
  // Rolling and not yet at 30: the builder builds, so on a short screen the card buttons come up (make-n-break.css).
  ui.el.classList.toggle('rolling', !!turn && turn.rolls.length > 0 && !turn.stop);
  ui.stopp.hidden = !turn?.stop;
  ui.bar.firstChild.style.transform = `scaleX(${Math.min(1, value / STOP_AT)})`;
  ui.rollsRow.replaceChildren(...(turn?.rolls || []).map((f, i) =>
    h('li', { title: `→ ${turn.running_totals[i]}` }, h('span.die.ws-mini', { dataset: { die: 'stopper', face: String(f) } }, faceText(f)))));
}

/** Which stopper controls show, and who rolls now, in words. `stale`: the rolling phone went quiet. */
function showStopperControls(ui, view, { driving, stale, seat }) {
  const s = view.state;
  const turn = s.turn;
  const app = s.options.stopper === 'app';
  const running = !!turn && turn.rolls.length > 0 && !turn.stop;
  ui.los.textContent = turn && turn.rolls.length ? t('ws.keep_rolling') : t('ws.los');
  ui.los.hidden = !app || !turn || turn.stop || driving || (running && !stale);
  ui.pause.hidden = !app || !driving;
  ui.faces.hidden = app || !turn || turn.stop;
  ui.voice.textContent = voiceOn() ? t('ws.voice_on') : t('ws.voice_off');
  ui.voice.setAttribute('aria-pressed', String(voiceOn()));
  const { status } = ui;
  if (!turn) status.textContent = '';
  else if (turn.stop) status.textContent = t('ws.time_up', { name: seat(s.builder) });
  else if (app && driving) status.textContent = t('ws.rolling_here');
  else if (app && running) status.textContent = stale ? t('ws.rolling_stopped') : t('ws.rolling_elsewhere');
  else if (app) status.textContent = t('ws.when_ready', { name: seat(s.builder) });
  else status.textContent = t('ws.person_rolls', { name: seat(s.stopper) });
}

/** The completed cards: a button per corner value (and the red cards), this turn's points, Undo, End turn. */
function cardsCard(session, act, seat) {
  const pointsRow = h('div.ws-points');
  const turnPoints = h('p.mnb-turn-points', { 'aria-live': 'polite' });
  const played = h('ul.mnb-played', { 'aria-label': t('mnb.cards_this_turn') });
  const cardGuard = tapGuard(pointsRow); // a double tap counts one card (lib/dom.js tapGuard)
  const card = (data) => () => cardGuard(() => act('card', data).catch(() => {}));
  const endTurn = h('button.primary.mnb-end', t('mnb.end_turn'));
  const endGuard = tapGuard(endTurn);
  endTurn.addEventListener('click', () => endGuard(() => act('end_turn').catch(() => {})));
  const el = h('section.card.ws-cards', { 'aria-label': t('mnb.completed_cards') },
    h('h2', t('mnb.completed_cards')),
    h('p.muted.mnb-hint', t('ws.tap_corner')),
    pointsRow,
    // With red_card_points "corners" a red card is entered by its corner points, like any card.
    h('div.ws-red',
      h('button.mnb-cardbtn.red', { onclick: card({ kind: 'red-3' }), 'aria-label': t('ws.red_n', { n: 3 }) }, '3', h('span.mnb-small', t('ws.red'))),
      h('button.mnb-cardbtn.red', { onclick: card({ kind: 'red-4' }), 'aria-label': t('ws.red_n', { n: 4 }) }, '4', h('span.mnb-small', t('ws.red')))),
    turnPoints, played,
    h('div.mnb-thumbbar', h('button.mnb-undo', { onclick: () => {
      cardGuard.reset();
      session.undo().catch(() => {});
    } }, t('table.undo')), endTurn));
  function update({ state: s }) {
    const turn = s.turn;
    const most = s.options.max_card_points;
    el.querySelector('.ws-red').hidden = s.options.red_card_points === 'corners';
    if (pointsRow.childElementCount !== most) {
      pointsRow.replaceChildren(...Array.from({ length: most }, (_, i) =>
        h('button.mnb-cardbtn.standard', { onclick: card({ kind: 'standard', points: i + 1 }), 'aria-label': t('ws.card_n', { n: i + 1 }) }, String(i + 1))));
    }
    endTurn.disabled = !turn?.stop;
    endTurn.textContent = turn?.stop ? t('mnb.end_turn') : t('ws.end_turn_at', { n: STOP_AT });
    if (turn) {
      turnPoints.textContent = t('mnb.this_turn', { name: seat(s.builder), points: `+${turn.points}` });
      played.replaceChildren(...turn.cards.map((c) =>
        h(`li.mnb-chip.${c.kind === 'standard' ? 'standard' : 'red'}`, c.kind === 'standard' ? t('ws.card_n', { n: c.points }) : t('ws.red_n', { n: c.points }))));
    }
  }
  return { el, update };
}

/** The last turn, everyone's totals and turns, and game over with the winners. */
function scoreCards(seat) {
  const overTitle = h('p.mnb-winner');
  const over = h('section.card.mnb-over', { 'aria-label': t('scorepad.game_over'), hidden: true }, h('h2', t('scorepad.game_over')), overTitle);
  const lastLine = h('p');
  const last = h('section.card.mnb-last', { 'aria-label': t('mnb.last_turn'), hidden: true }, h('h2', t('mnb.last_turn')), lastLine);
  const totalsList = h('ol.ws-totals');
  const totals = h('section.card.ws-totals-card', { 'aria-label': t('ws.totals') }, h('h2', t('ws.totals')), totalsList);
  function update(view) {
    const s = view.state;
    const lastTurn = s.last_turn;
    last.hidden = !lastTurn || s.finished;
    if (lastTurn) {
      lastLine.textContent = t('ws.last_line', { name: seat(lastTurn.builder), points: lastTurn.points, count: lastTurn.cards.length,
        total: lastTurn.stopper_total, rolls: lastTurn.rolls.length });
    }
    const best = Math.max(...s.totals);
    totalsList.replaceChildren(...view.seats.map((name, i) =>
      h(`li${s.builder === i ? '.now' : ''}${s.finished && s.totals[i] === best ? '.winner' : ''}`,
        h('span.name', name, s.builder === i ? h('span.ws-building', ` · ${t('ws.building')}`) : null),
        h('span.turns', t('ws.turns_of', { n: s.turns_played[i], count: s.options.turns_each })),
        h('span.pts', String(s.totals[i])))));
    over.hidden = !s.finished;
    if (s.finished) {
      const winners = view.seats.filter((_, i) => s.totals[i] === best);
      overTitle.textContent = t('ws.wins', { names: winners.join(` ${t('ws.and')} `), count: winners.length, points: best });
    }
  }
  return { over, last, totals, update };
}

// --- the app as stopper: only the phone that pressed Los! rolls -------------------------------

/** Rolls the stopper die at the table's pace while this phone drives; `onChange` when it starts or
 *  stops, `onOffline` when a roll had to wait for the network. */
function stopperDriver(session, act, { onChange, onOffline }) {
  const driver = { driving: false, turn: null }; // turn: the one this phone rolls (or tapped) for: it speaks the totals
  let timer = 0;
  const pace = () => session.view?.state?.options?.pace_ms ?? 1500;
  const schedule = (ms) => {
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
  };
  const gone = (turn) => !driver.driving || !turn || turn.stop || turn.number !== driver.turn;
  async function tick() {
    if (gone(session.view?.state?.turn)) return driver.stop();
    const sent = Date.now();
    let reply = null;
    try {
      reply = await session.act('roll', { dice: ['stopper'] });
    } catch {
      return driver.stop(); // refused (someone else reached 30 first): the screen says why
    }
    if (!reply) {
      // Offline: the roll waits in the outbox. Stop rather than pile up rolls.
      driver.stop();
      onOffline();
      return undefined;
    }
    if (gone(session.view?.state?.turn)) return driver.stop();
    schedule(Math.max(0, pace() - (Date.now() - sent)));
    return undefined;
  }
  Object.assign(driver, {
    pace,
    start() {
      const turn = session.view?.state?.turn;
      if (!turn || turn.stop || driver.driving) return;
      driver.driving = true;
      driver.turn = turn.number;
      if (!turn.rolls.length) say(t('ws.los'));
      navigator.vibrate?.(80);
      onChange();
      schedule(turn.rolls.length ? pace() / 2 : pace());
    },
    stop() {
      driver.driving = false;
      clearTimeout(timer);
      onChange();
    },
    // A person as stopper: the face tapped; this phone speaks the totals of the turn.
    tap(face) {
      const turn = session.view?.state?.turn;
      if (turn) driver.turn = turn.number;
      act('stopper', { face }).catch(() => {});
    },
  });
  return driver;
}

/** Says and shows what is new since this phone last looked: the total (on the phone that rolls) and
 *  STOPP. `lastChange()`: when the stopper last moved, to notice a rolling phone that went quiet. */
function stopperEars(total) {
  let seen = { turn: null, count: 0, stop: false };
  let lastChange = Date.now();
  function hear(turn, drivingTurn) {
    if (!turn) return;
    const count = turn.running_totals.length;
    const fresh = seen.turn === turn.number && count > seen.count;
    if (seen.turn !== turn.number || count !== seen.count) lastChange = Date.now();
    if (fresh && drivingTurn === turn.number) {
      say(turn.stopper_total);
      if (turn.stop) say(t('ws.stopp'), { interrupt: false });
    }
    if (fresh && turn.stop && !seen.stop) {
      navigator.vibrate?.([400, 100, 400]);
      total.classList.remove('bump');
      void total.offsetWidth;
      total.classList.add('bump');
    }
    seen = { turn: turn.number, count, stop: turn.stop };
  }
  return { hear, lastChange: () => lastChange };
}

function toggleVoice() {
  try {
    localStorage.setItem(VOICE_KEY, voiceOn() ? 'off' : 'on');
  } catch {
    /* private mode: stays on */
  }
}

export function mount(root, session) {
  useStylesheet(STYLESHEET);
  const seat = (i) => session.view?.seats?.[i] ?? t('mnb.seat_n', { n: i + 1 });
  const builderSeat = () => session.view?.state?.builder;
  const act = (type, data = {}) => session.act(type, { ...data, builder: builderSeat() });

  const driver = stopperDriver(session, act, {
    onChange: () => render(),
    onOffline: () => (stopper.status.textContent = t('ws.offline_roll')),
  });
  const who = whoCard(seat);
  const stopper = stopperParts({
    start: () => driver.start(), stop: () => driver.stop(), tap: (face) => driver.tap(face),
    toggleVoice: () => {
      toggleVoice();
      render();
    },
  });
  const cards = cardsCard(session, act, seat);
  const scores = scoreCards(seat);
  root.append(who.el, scores.over, stopper.el, cards.el, scores.last, scores.totals);
  const ears = stopperEars(stopper.total);

  function render() {
    const view = session.view;
    if (!view) return;
    const stale = Date.now() - ears.lastChange() > driver.pace() * 3;
    showStopperControls(stopper, view, { driving: driver.driving, stale, seat });
  }

  function update(view) {
    const s = view.state;
    const turn = s.turn;
    if (driver.driving && (!turn || turn.stop || turn.number !== driver.turn)) driver.stop();
    ears.hear(turn, driver.turn);
    who.update(view);
    stopper.el.hidden = cards.el.hidden = s.finished;
    showStopperRolls(stopper, turn);
    cards.update(view);
    scores.update(view);
    render();
  }

  const watch = setInterval(render, 1000); // notices when another phone stopped rolling
  return {
    update,
    destroy() {
      clearInterval(watch);
      driver.stop();
      window.speechSynthesis?.cancel?.();
    },
  };
}

/** The big screen's part (views/screen.js): who builds, the turn, who stops, the stopper's running total
 *  to 30 (STOPP at 30) and each of its rolls as it comes, with the total it made. */
export function screen(view) {
  const s = view.state;
  if (s.finished || !s.turn) return {};
  const seat = (i) => view.seats[i] ?? '';
  const turn = s.turn;
  const total = turn.stopper_total ?? 0;
  return {
    turn: seat(s.builder),
    doing: t('ws.turn_line', { n: turn.number, total: s.turns_total, name: seat(s.builder), own: s.turns_played[s.builder] + 1, each: s.options.turns_each }),
    board: [
      stat(t('ws.stopper'), s.options.stopper === 'app' ? t('ws.the_app', { name: seat(s.stopper) }) : seat(s.stopper)),
      stat(t('ws.stopper_total'), turn.stop ? `${total} · ${t('ws.stopp')}` : `${total} / ${STOP_AT}`, '.sb-huge'),
      stat(t('ws.stopper_rolls'), turn.rolls.length ? h('ol.sb-chips', turn.rolls.map((f, i) => h('li.sb-chip.sb-roll',
        h('span.sb-roll-face', faceText(f)), h('span.sb-roll-total', String(turn.running_totals[i]))))) : '–', '.sb-wide'),
    ],
  };
}
