// Bresk!'s live scoring of one grid, as the phone shows it while writing: every run of letters
// in a row or a column is a candidate word, worth its length when the word list takes it. It
// mirrors scorekeeper/games/bresk.py `score_grid`; tests/games/test_js_parity.py runs both on
// the same grids and fails on any difference. Pure: no DOM, so node runs it too.

const SIZE = 8;
const MIN_WORD_LENGTH = 2;

function lines(cells) {
  const out = [];
  for (let r = 0; r < SIZE; r++) out.push(['row', r, cells.slice(r * SIZE, r * SIZE + SIZE)]);
  for (let c = 0; c < SIZE; c++) out.push(['column', c, Array.from({ length: SIZE }, (_, r) => cells[r * SIZE + c])]);
  return out;
}

/** Candidates and totals of a grid of 64 squares ('' or '#' = space); judge(word) → reason or null. */
export function scoreCells(cells, judge) {
  const candidates = [];
  const rowTotals = Array(SIZE).fill(0);
  const columnTotals = Array(SIZE).fill(0);
  for (const [direction, index, line] of lines(cells)) {
    let start = 0;
    for (let i = 0; i <= SIZE; i++) {
      const letter = i < SIZE && /^[A-Z]$/.test(line[i] || '');
      if (letter) continue;
      if (i > start) {
        const text = line.slice(start, i).join('');
        const reason = text.length < MIN_WORD_LENGTH ? 'too_short' : judge(text);
        const valid = reason === 'valid';
        const points = valid ? text.length : 0;
        (direction === 'row' ? rowTotals : columnTotals)[index] += points;
        candidates.push({ text, direction, index, start, length: text.length, valid, reason, points });
      }
      start = i + 1;
    }
  }
  const base = rowTotals.reduce((a, b) => a + b, 0) + columnTotals.reduce((a, b) => a + b, 0);
  return { candidates, rowTotals, columnTotals, base };
}

