// One table, live: its latest view, the stream that keeps it fresh, and the
// way to act on it. Views listen for 'change' (a new table view), 'events'
// (new log entries, for dice animations and the log), 'problem' (a refusal),
// 'connection' and 'pending' (actions waiting to be sent changed).
//
// Offline-proof: every view is saved on the phone (lib/offline.js). A reload without a
// connection starts from the saved view, marked `stale`, with the actions still waiting
// in the outbox listed in `queued`; when the stream connects again its first message
// is the current table, so the phone catches up by itself, once.
// A lost route leaves the stream open and silent (docs/API.md): a phone that hears no heartbeat for a while
// is `unheard`, says so, queues its actions, reopens the stream and catches up with its first message. A table
// whose first answer does not come for a few seconds starts the same way, from its saved view.
import { api, http, LATE, unlessLate } from './api.js';
import { takeAhead } from './lib/ahead.js';
import { heardFrom } from './lib/clock.js';
import { deviceId, seatOf } from './lib/device.js';
import { flush, outbox, savedTables } from './lib/offline.js';
import { uuid4 } from './lib/uuid.js';

const SILENT_BEATS = 2;
const GRACE_MS = 1000; // a late heartbeat is not a lost server
const FIRST_HEARTBEAT_MS = 10000; // until the server says

/** The same table: everything but the server's clock at the moment it answered (`now_ms`). */
const sameTable = (a, b) => JSON.stringify({ ...a, now_ms: 0 }) === JSON.stringify({ ...b, now_ms: 0 });

export class TableSession extends EventTarget {
  constructor(code) {
    super();
    this.code = code.toUpperCase();
    this.view = null;
    this.queued = []; // outbox items of this table, oldest first
    this.stale = false; // showing a saved view: the server has not been heard since the reload
    this.connected = false;
    this.wasConnected = false; // once connected, a lost stream is "reconnecting", not "connecting"
    this.unheard = false; // silent too long: what shows may be out of date
    this.heartbeatMs = FIRST_HEARTBEAT_MS;
    this.silence = 0;
    this.lastEventSeq = 0; // a fresh stream may repeat a few
    this.source = null;
    this.stopped = false;
    this.onOnline = () => {
      // A stream that gave up (the browser closes one after a refused reconnect) is opened again.
      if (this.source?.readyState === EventSource.CLOSED) this.follow();
      this.flush();
    };
  }

  get pending() {
    return this.queued.length;
  }

  async start() {
    const waiting = outbox.all().catch(() => []); // read alongside the table, not before it
    let view;
    try {
      view = await this.firstView();
      if (!this.stale) heardFrom(api.tablePath(this.code), view.now_ms); // the timer's first estimate of its clock
    } catch (err) {
      view = err.offline ? await savedTables.get(this.code).catch(() => null) : null;
      if (!view) throw err;
      this.stale = true;
    }
    this.queued = (await waiting).filter((i) => i.code === this.code).sort((a, b) => a.queuedAt - b.queuedAt);
    this.update(view);
    savedTables.prune().catch(() => {});
    window.addEventListener('online', this.onOnline);
    if (!this.stale) this.flush();
    return this;
  }

  /** The table as the server answers it; when its answer is late (api.js), the table as this phone saved it,
   *  `stale` and `unheard` (the stream catches it up once it connects), or, never saved here, the server's answer
   *  whenever it comes, a 'slow' event saying meanwhile that it is late. */
  async firstView() {
    const asked = api.table(this.code, takeAhead(api.tablePath(this.code)));
    const answer = await unlessLate(asked);
    if (answer !== LATE) return answer;
    const saved = await savedTables.get(this.code).catch(() => null);
    if (!saved) {
      this.emit('slow');
      return asked;
    }
    asked.catch(() => {}); // superseded: the stream's first message is the table
    this.stale = true;
    this.unheard = true; // what is done meanwhile waits in the outbox rather than in a request that hangs
    return saved;
  }

  // Opens the event stream that keeps the table fresh, once (and again when the browser gave one up).
  // The screen opens it once it shows the table: opened before, the stream competes with what the
  // screen is waiting for, and its first message is the current table anyway.
  follow(after) {
    if (this.stopped || (this.source && this.source.readyState !== EventSource.CLOSED)) return;
    const source = api.stream(this.code, after);
    this.source = source;
    const mine = (fn) => (e) => source === this.source && fn(e); // a dropped stream says nothing
    source.addEventListener('table', mine((e) => {
      const { events, table } = JSON.parse(e.data);
      const wasStale = this.stale;
      this.stale = false;
      this.update(table); // first: nothing drawn live from the old state
      this.heard();
      if (wasStale) this.emit('connection', this.connected);
      const fresh = events.filter((ev) => ev.seq > this.lastEventSeq);
      if (fresh.length) {
        this.lastEventSeq = fresh[fresh.length - 1].seq;
        this.emit('events', fresh);
      }
    }));
    source.addEventListener('heartbeat', mine((e) => {
      this.heartbeatMs = Math.max(100, Number(JSON.parse(e.data).every_ms) || FIRST_HEARTBEAT_MS);
      this.heard();
    }));
    source.addEventListener('open', mine(() => !this.unheard && this.heard()));
    source.addEventListener('error', mine(() => this.setConnected(false)));
    this.listen();
  }

  heard() {
    if (this.unheard) {
      this.unheard = false;
      this.connected = false; // setConnected then flushes
    }
    this.setConnected(true);
    this.listen();
  }

  listen() {
    clearTimeout(this.silence);
    if (this.stopped) return;
    this.silence = setTimeout(() => this.lost(), SILENT_BEATS * this.heartbeatMs + GRACE_MS);
  }

  lost() {
    if (this.stopped) return;
    if (!this.unheard) {
      this.unheard = true;
      this.connected = false;
      this.emit('connection', false);
    }
    // The silent socket may stay open for minutes: a new stream each silence takes the route back at once.
    this.source?.close();
    this.source = null;
    this.follow(this.view?.seq);
  }

  stop() {
    this.stopped = true; // a screen left before it showed the table opens no stream after
    clearTimeout(this.silence);
    this.source?.close();
    window.removeEventListener('online', this.onOnline);
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  setConnected(connected) {
    if (this.connected === connected) return;
    this.connected = connected;
    if (connected) this.wasConnected = true;
    this.emit('connection', connected);
    if (connected) this.flush();
  }

  update(view) {
    // Replies and stream messages can cross; never step back to an older state.
    if (this.view && view.seq < this.view.seq) return;
    const unchanged = this.view && view.seq === this.view.seq && sameTable(this.view, view);
    this.view = view;
    // The stream's first message is the table as it is then: usually the one on screen already (at every
    // reconnect of a quiet table). Drawn again, the whole screen would be redone for nothing.
    if (unchanged) return;
    if (!this.stale) savedTables.save(view).catch(() => {}); // private mode: nothing kept, nothing lost
    this.emit('change', view);
  }

  // Send an action, saying which phone sends it. Offline, it waits in the outbox and goes out exactly
  // once later. `onBehalf`: confirmed on this phone as done for a player on another phone; `handles`:
  // refusals (codes) the caller answers itself, not shown as a problem.
  act(type, data = {}, { onBehalf = false, handles = [] } = {}) {
    const body = { id: uuid4(), type, data, device: deviceId() };
    if (onBehalf) body.on_behalf = true;
    return this.send(api.eventsPath(this.code), body, handles);
  }

  /** The seat this phone holds at the server (components/seats.js), or null. */
  get mySeat() {
    return seatOf(this.view);
  }

  claim(seat, takeOver = false) {
    const data = { seat, device: deviceId(), ...(takeOver ? { take_over: true } : {}) };
    return this.act('claim_seat', data, { handles: ['seat_taken'] });
  }

  // Undo and redo name the action they take back or restore, as this phone shows it: when
  // another phone got there first, the server refuses (409) and sends the table as it is now.
  undo() {
    return this.act('undo', { seq: this.view?.undo_seq ?? null });
  }

  redo() {
    return this.act('redo', { seq: this.view?.redo_seq ?? null });
  }

  timer(action, seconds) {
    const body = { id: uuid4(), action };
    if (seconds !== undefined) body.seconds = seconds;
    return this.send(api.timerPath(this.code), body);
  }

  async send(path, body, handles = []) {
    // Unheard, a request would hang: it waits in the outbox, shown. Sent while others wait, it would overtake them.
    if (this.unheard) return this.queue(path, body);
    if (this.queued.length) {
      const queued = this.queue(path, body);
      queued.then(() => this.flush());
      return queued;
    }
    const sent = http.post(path, body);
    try {
      const reply = await unlessLate(sent);
      if (reply === LATE) return this.awaitLate(sent, path, body);
      this.update(reply.table);
      return reply;
    } catch (err) {
      if (!err.offline) {
        if (err.table) this.update(err.table);
        if (!handles.includes(err.code)) this.emit('problem', err);
        throw err;
      }
      return this.queue(path, body);
    }
  }

  /** An action whose answer is late (api.js): listed as waiting (the outbox, under its own id) so that nobody acts
   *  twice, and the ones after it wait behind it. Whichever copy reaches the server first counts; the other is a
   *  repeat. */
  async awaitLate(sent, path, body) {
    await this.queue(path, body);
    sent.then((reply) => [reply, null], (err) => [null, err]).then(async ([reply, err]) => {
      if (err?.offline) return; // stays in the outbox, sent with it
      await outbox.remove(body.id);
      this.answered(body.id, reply, err);
    }).then(() => this.flush());
    return null;
  }

  /** A waiting action of this table answered at last (`reply`) or refused (`err`): off the list, and shown. */
  answered(id, reply, err) {
    this.queued = this.queued.filter((q) => q.body.id !== id);
    this.emit('pending', this.queued);
    if (reply) this.update(reply.table);
    if (err?.table) this.update(err.table);
    if (err) this.emit('problem', err);
  }

  async queue(path, body) {
    const item = { code: this.code, path, body, queuedAt: Date.now() };
    await outbox.add(item);
    this.queued.push(item);
    this.emit('pending', this.queued);
    return null;
  }

  async flush() {
    if (this.unheard) return; // heard() sends it
    await flush((item, reply, err) => item.code === this.code && this.answered(item.body.id, reply, err));
  }
}
