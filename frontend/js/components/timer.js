// The shared timer: huge digits anyone can read across the table, a draining
// bar, one-thumb controls, and at zero a sound and a buzz on every phone.
// Remaining time is computed locally from the server's timestamps and this
// phone's clock offset, so phones agree however late they heard of a start.
import { h } from '../lib/dom.js';
import { serverNow } from '../lib/clock.js';
import { t } from '../i18n.js';

const LAST_SECONDS = 5;

export function remainingMs(timer, now = serverNow()) {
  if (!timer) return 0;
  if (timer.state === 'running' || timer.state === 'expired') return Math.max(0, timer.ends_at_ms - now);
  return timer.remaining_ms;
}

export function format(ms) {
  const s = Math.ceil(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : String(s);
}

let audio = null;
export function chime() {
  try {
    audio ||= new AudioContext();
    const at = audio.currentTime;
    [0, 0.25, 0.5].forEach((delay, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = i === 2 ? 1320 : 880;
      gain.gain.setValueAtTime(0.0001, at + delay);
      gain.gain.exponentialRampToValueAtTime(0.4, at + delay + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + delay + 0.22);
      osc.connect(gain).connect(audio.destination);
      osc.start(at + delay);
      osc.stop(at + delay + 0.25);
    });
  } catch {
    /* no audio on this device: the screen still shows it */
  }
  navigator.vibrate?.([300, 120, 300, 120, 600]);
}

// Browsers only let a page make sound after a tap or a key (a big screen's keyboard or TV remote):
// unlock audio on the first one.
function unlockAudio() {
  try {
    audio ||= new AudioContext();
    audio.resume();
  } catch {
    /* ignore */
  }
  window.removeEventListener('pointerdown', unlockAudio);
  window.removeEventListener('keydown', unlockAudio);
}
window.addEventListener('pointerdown', unlockAudio);
window.addEventListener('keydown', unlockAudio);

/** Whether this page may make sound now (a tap or key has unlocked it). */
export const soundOn = () => audio?.state === 'running';

let wakeLock = null;
export async function keepAwake(on) {
  try {
    if (on && !wakeLock && navigator.wakeLock && document.visibilityState === 'visible') {
      wakeLock = await navigator.wakeLock.request('screen');
      wakeLock.addEventListener('release', () => (wakeLock = null));
    } else if (!on && wakeLock) {
      await wakeLock.release();
      wakeLock = null;
    }
  } catch {
    wakeLock = null; // not allowed here (no secure context, battery saver): carry on
  }
}

/** The timer's card: the digits (tap them for full screen), the bar, Start or Resume, Pause, +10,
 *  Reset, and the presets. */
/** The card full screen by a tap on its digits or its button; Escape leaves full screen. */
function fullScreenBy(card, digits, button) {
  const fullScreen = (on) => {
    card.classList.toggle('fullscreen', on);
    button.setAttribute('aria-pressed', String(on));
  };
  const toggle = () => fullScreen(!card.classList.contains('fullscreen'));
  digits.addEventListener('click', toggle);
  button.addEventListener('click', toggle);
  card.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && card.classList.contains('fullscreen')) fullScreen(false);
  });
}

function timerCard(session, presets) {
  const act = (action, seconds) => () => session.timer(action, seconds).catch(() => {});
  const ui = {
    digits: h('output.timer-digits', { 'aria-live': 'off', 'aria-label': t('timer.time_left') }, '0'),
    bar: h('div.timer-bar', h('div.timer-fill')),
    status: h('p.timer-status', { role: 'status' }),
    main: h('button.primary.timer-main', { onclick: () => (session.view.timer.state === 'paused' ? act('resume')() : act('start')()) }, t('timer.start')),
    pauseBtn: h('button', { onclick: act('pause') }, t('timer.pause')),
  };
  const add = h('button', { onclick: act('add', 10), 'aria-label': t('timer.add_10') }, '+10');
  const reset = h('button', { onclick: act('reset') }, t('timer.reset'));
  const presetRow = h('div.timer-presets', presets.map((s) => h('button', { onclick: act('set', s) }, s < 60 ? t('timer.seconds', { s }) : format(s * 1000))));
  ui.queued = h('p.timer-queued', { hidden: true });
  // Full screen by a tap on the digits, or by this button (a keyboard reaches it; Escape leaves too).
  const full = h('button.timer-full', { type: 'button', 'aria-pressed': 'false' }, t('timer.full_screen'));
  ui.card = h('section.card.timer', { 'aria-label': t('timer.title') }, ui.digits, ui.bar, ui.status, ui.queued,
    h('div.timer-controls', ui.main, ui.pauseBtn, add, reset), h('div.timer-more', presetRow, full));
  fullScreenBy(ui.card, ui.digits, full);
  return ui;
}

/** What a timer shows now, on a phone's card or the big screen: the time left, its state (a running
 *  timer at zero has expired), whether it is in its last seconds, and the bar's fill. */
export function timerNow(timer) {
  const left = remainingMs(timer);
  const state = timer.state === 'running' && left === 0 ? 'expired' : timer.state;
  const last = state === 'running' && left <= LAST_SECONDS * 1000;
  return { left, state, last, fill: timer.duration_ms ? Math.min(1, left / timer.duration_ms) : 0 };
}

/** Whether the chime is due: an expiry seen happen (not one long past), once per timer version. */
export const chimeDue = (timer, state, lastChimed) =>
  state === 'expired' && lastChimed !== timer.version && serverNow() - timer.ends_at_ms < 3000;

// This phone's timer commands in the outbox, in words ("Reset, Pause").
const queuedWords = (session) => session.queued.filter((i) => i.path.endsWith('/timer')).map(({ body: b }) =>
  ({ set: () => t('timer.set', { time: format(b.seconds * 1000) }), start: () => t('timer.start'), resume: () => t('timer.resume'),
    pause: () => t('timer.pause'), add: () => t('timer.add_10') }[b.action] || (() => t('timer.reset')))()).join(', ');

/** What the timer shows now, each part written through `put` (only when it changed). Returns its state.
 *  `unsure` (server not heard): the last state known, greyed, never expired (it may be paused by now). */
function showTimer(ui, timer, put, unsure = false) {
  const now = timerNow(timer);
  const { left, last, fill } = now;
  const state = unsure && now.state === 'expired' ? timer.state : now.state;
  const words = {
    idle: timer.duration_ms ? t('timer.ready') : t('timer.set_a_time'),
    running: t('timer.running'),
    paused: t('timer.paused'),
    expired: t('timer.expired'),
  };
  put('digits', format(left), (v) => (ui.digits.textContent = v));
  put('ms', String(Math.round(left)), (v) => (ui.digits.dataset.remainingMs = v));
  put('state', state, (v) => (ui.card.dataset.state = v));
  put('unsure', unsure, (v) => ui.card.classList.toggle('unsure', v));
  put('last', last && !unsure, (v) => ui.card.classList.toggle('last-seconds', v));
  put('bar', `scaleX(${fill})`, (v) => (ui.bar.firstChild.style.transform = v));
  put('status', unsure ? t('timer.unsure', { state: words[state] }) : words[state], (v) => (ui.status.textContent = v));
  put('main', state === 'paused' ? t('timer.resume') : state === 'expired' ? t('timer.again') : t('timer.start'), (v) => (ui.main.textContent = v));
  put('mainOff', state === 'running' || !timer.duration_ms, (v) => (ui.main.disabled = v));
  put('pauseOff', state !== 'running', (v) => (ui.pauseBtn.disabled = v));
  return state;
}

// The timer is drawn on every table change and every frame while running, but touches the page only when
// what it shows has changed: rewriting the same text 60 times a second lays the page out each frame.
function changesOnly() {
  const shown = new Map();
  return (key, value, write) => {
    if (shown.get(key) !== value) {
      shown.set(key, value);
      write(value);
    }
  };
}

/** The phone's own timer commands still waiting to be sent, shown as such ("Waiting to send: Reset"). */
function showQueued(ui, session) {
  const words = queuedWords(session);
  ui.queued.hidden = !words;
  ui.queued.textContent = words ? t('timer.queued', { actions: words }) : '';
}

export function mountTimer(root, session, { presets = [30, 60, 90] } = {}) {
  const ui = timerCard(session, presets);
  root.append(ui.card);

  let lastChimed = null;
  let frame = 0;
  let awake = false;
  // The browser drops the wake lock when the page is hidden; take it again on return.
  const onVisible = () => awake && document.visibilityState === 'visible' && keepAwake(true);
  document.addEventListener('visibilitychange', onVisible);

  const put = changesOnly();

  function draw() {
    const timer = session.view?.timer;
    if (!timer) return;
    const unsure = session.unheard;
    const state = showTimer(ui, timer, put, unsure);
    // A phone that cannot hear the server does not chime: the time may be up, or paused long ago.
    if (state === 'expired' && lastChimed !== timer.version) {
      if (chimeDue(timer, state, lastChimed)) chime();
      lastChimed = timer.version;
    }
    if ((state === 'running') !== awake) {
      awake = state === 'running';
      keepAwake(awake); // once per change, not once per frame
    }
    // Only a running timer moves on its own (unsure, down to 0); otherwise the next table change redraws it.
    frame = state === 'running' && !(unsure && remainingMs(timer) === 0) ? requestAnimationFrame(draw) : 0;
  }

  const redraw = () => {
    cancelAnimationFrame(frame);
    draw();
  };
  frame = requestAnimationFrame(draw);
  const onPending = () => showQueued(ui, session);
  session.addEventListener('connection', redraw);
  session.addEventListener('pending', onPending);
  onPending();
  return {
    update: redraw,
    destroy() {
      session.removeEventListener('connection', redraw);
      session.removeEventListener('pending', onPending);
      cancelAnimationFrame(frame);
      document.removeEventListener('visibilitychange', onVisible);
      keepAwake(false);
    },
  };
}
