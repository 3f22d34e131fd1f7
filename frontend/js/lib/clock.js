// The server's clock, as seen from this phone. Several /api/time probes; the
// one with the shortest round trip wins (least queueing noise), and the server
// is assumed to have answered half-way through it (NTP's reasoning).
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
    const received = Date.now();
    const rtt = received - sent;
    if (rtt <= bestRtt) {
      bestRtt = rtt;
      offsetMs = reply.now_ms - (sent + rtt / 2);
    }
  }
  return offsetMs;
}

// A changed network (wifi ↔ mobile) changes the round trip: measure afresh.
window.addEventListener('online', () => {
  bestRtt = Infinity;
  sync();
});
