// Block Buster's majority rule as the phone needs it: who holds a point block while its 12
// spaces are being counted (the editor's live preview, the log's lines). It mirrors
// scorekeeper/games/block_buster.py `_majority` word for word; tests/games/test_js_parity.py
// runs both on the same cases and fails on any difference. The server's verdict is the one
// kept: this only previews it. Pure: no DOM, so node runs it too.

export const SPACES = 12;
export const SHAPE_NAMES = {
  'red-circle': 'red circle',
  'red-star': 'red star',
  'green-spiral': 'green spiral',
  'blue-wave': 'blue wave',
  'yellow-moon': 'yellow moon',
};

/** colour → seat, over every player's colours. */
export function seatOfColour(state) {
  const out = {};
  state.players.forEach((p, seat) => p.colours.forEach((c) => (out[c] = seat)));
  return out;
}

/** Every colour in play in turn order, with its seat and player's name. */
export function coloursInPlay(state) {
  return state.players.flatMap((p, seat) => p.colours.map((colour) => ({ colour, seat, name: p.name })));
}

// "yellow 7 vs blue 3": the runner-up is the largest other count; equal counts by colour name,
// last first (Python's sorted(..., reverse=True) over (count, colour)).
function leadWhy(leader, counts) {
  const others = Object.entries(counts).filter(([c, n]) => c !== leader && n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
  if (!others.length) return `${leader} ${counts[leader]}, nobody else`;
  return `${leader} ${counts[leader]} vs ${others[0][0]} ${others[0][1]}`;
}

// With tie_takes_nobody off: the tied colour whose player sits latest in turn order takes it.
function breakTie(state, tied) {
  const seatOf = seatOfColour(state);
  const latest = Math.max(...tied.map((c) => seatOf[c]));
  const owner = state.players[latest].colours.find((c) => tied.includes(c));
  if (tied.every((c) => seatOf[c] === latest)) return [owner, `${owner} (both colours are ${state.players[latest].name}'s)`];
  return [owner, `${owner} (later in turn order)`];
}

/** Who holds a point block with these counts: { owner, why, clinched, tie }. */
export function judge(counts, state) {
  const entries = Object.entries(counts);
  const top = Math.max(0, ...entries.map(([, n]) => n));
  if (top === 0) return { owner: null, why: 'nobody surrounds it', clinched: false, tie: false };
  const tied = entries.filter(([, n]) => n === top).map(([c]) => c);
  if (tied.length === 1) {
    const owner = tied[0];
    const second = Math.max(0, ...entries.filter(([c]) => c !== owner).map(([, n]) => n));
    const free = SPACES - entries.reduce((s, [, n]) => s + n, 0);
    // Clinched: even every free space going to the runner-up cannot catch up (always so from 7).
    return { owner, why: leadWhy(owner, counts), clinched: top - second > free, tie: false };
  }
  const score = tied.map(() => top).join('–');
  if (state.options.tie_takes_nobody !== false) return { owner: null, why: `tie ${score}: nobody`, clinched: false, tie: true };
  const [owner, why] = breakTie(state, tied);
  return { owner, why: `tie ${score}: ${why}`, clinched: false, tie: true };
}
