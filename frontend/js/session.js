// One table, live: its latest view, the stream that keeps it fresh, and the
// way to act on it. Views listen for 'change' (a new table view), 'events'
// (new log entries, for dice animations and the log) and 'problem' (a refusal).
import { api, http } from './api.js';
import { flush, outbox } from './lib/outbox.js';
import { sync } from './lib/clock.js';
import { uuid4 } from './lib/uuid.js';

export class TableSession extends EventTarget {
  constructor(code) {
    super();
    this.code = code.toUpperCase();
    this.view = null;
    this.pending = 0;
    this.connected = false;
    this.source = null;
    this.onOnline = () => this.flush();
  }

  async start() {
    sync();
    this.update(await api.table(this.code));
    this.source = api.stream(this.code);
    this.source.addEventListener('table', (e) => {
      const { events, table } = JSON.parse(e.data);
      this.update(table);
      if (events.length) this.emit('events', events);
    });
    this.source.addEventListener('open', () => this.setConnected(true));
    this.source.addEventListener('error', () => this.setConnected(false));
    window.addEventListener('online', this.onOnline);
    this.pending = (await outbox.all()).filter((i) => i.code === this.code).length;
    this.flush();
    return this;
  }

  stop() {
    this.source?.close();
    window.removeEventListener('online', this.onOnline);
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  setConnected(connected) {
    if (this.connected === connected) return;
    this.connected = connected;
    this.emit('connection', connected);
    if (connected) this.flush();
  }

  update(view) {
    // Replies and stream messages can cross; never step back to an older state.
    if (this.view && view.seq < this.view.seq) return;
    this.view = view;
    this.emit('change', view);
  }

  // Send an action. Offline, it waits in the outbox and goes out exactly once later.
  act(type, data = {}) {
    return this.send(api.eventsPath(this.code), { id: uuid4(), type, data });
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

  async send(path, body) {
    try {
      const reply = await http.post(path, body);
      this.update(reply.table);
      return reply;
    } catch (err) {
      if (!err.offline) {
        if (err.table) this.update(err.table);
        this.emit('problem', err);
        throw err;
      }
      await outbox.add({ code: this.code, path, body });
      this.pending += 1;
      this.emit('pending', this.pending);
      return null;
    }
  }

  async flush() {
    await flush((item, reply, err) => {
      if (item.code !== this.code) return;
      this.pending = Math.max(0, this.pending - 1);
      this.emit('pending', this.pending);
      if (reply) this.update(reply.table);
      if (err?.table) this.update(err.table);
      if (err) this.emit('problem', err);
    });
  }
}
