// The server's clock, as seen from this phone. Several /api/time probes; the
// one with the shortest round trip wins (least queueing noise), and the server
// is assumed to have answered half-way through it (NTP's reasoning). A table's
// own answer carries the server's clock too (`now_ms`): read against that
// request's timing, it is the first estimate, with no probe of its own before
// the table shows.
import { api } from '../api.js';

let offsetMs = 0; // server time − local time
let bestRtt = Infinity;

export function serverNow() {
  return Date.now() + offsetMs;
}

export function offset() {
  return offsetMs;
}

let latest = Promise.resolve(0);

// Probe the server's clock `samples` times; the promise of the offset once every probe is in.
export function sync(samples = 5) {
  latest = probe(samples);
  return latest;
}

// The offset as the latest sync leaves it, once its probes are all in (the table's timer is only as
// good as its best probe: a test of phones in step waits for this, not for a guessed pause).
export function synced() {
  return latest;
}

async function probe(samples) {
  for (let i = 0; i < samples; i++) {
    const sent = Date.now();
    let reply;
    try {
      reply = await api.time();
    } catch {
      return offsetMs; // offline: keep the last estimate
    }
    consider(sent, Date.now() - sent, reply.now_ms);
  }
  return offsetMs;
}

function consider(sent, rtt, serverMs) {
  if (rtt <= bestRtt) {
    bestRtt = rtt;
    offsetMs = serverMs - (sent + rtt / 2);
  }
}

/** What an answer stamped with the server's clock (`serverMs`, a table's `now_ms`) says of it, timed by its
 * request's Resource Timing entry: from sending to the first byte back, so neither the connection's setup
 * nor a queue for one counts. An answer that made no round trip (the service worker's, a cache's) says nothing. */
export function heardFrom(url, serverMs) {
  const entry = performance.getEntriesByName(new URL(url, location.href).href).at(-1);
  if (!entry?.requestStart || !entry.responseStart || typeof serverMs !== 'number') return;
  // When it was sent, on the clock serverNow() adds the offset to (the phone's wall clock may have been set since
  // the page's time origin).
  const sent = Date.now() - (performance.now() - entry.requestStart);
  consider(sent, entry.responseStart - entry.requestStart, serverMs);
}

// A changed network (wifi ↔ mobile) changes the round trip: measure afresh.
window.addEventListener('online', () => {
  bestRtt = Infinity;
  sync();
});
