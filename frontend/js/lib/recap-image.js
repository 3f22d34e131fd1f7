// A recap drawn as a picture to pass around: a PNG of its title, scope and awards, in the screen's words.
// The canvas is laid out in two passes (measure the wrapped lines, then draw), so it is as tall as it needs.
// Light colours whatever the phone's scheme: a shared picture is seen on other screens.

const WIDTH = 1080;
const PAD = 64;
const COLOURS = { bg: '#f6f4ef', card: '#ffffff', text: '#1d2421', muted: '#59635f', brand: '#1f6f5c', accent: '#f2b134' };
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const STYLES = {
  title: { size: 64, weight: 800, colour: 'text', gap: 12 },
  scope: { size: 34, weight: 400, colour: 'muted', gap: 36 },
  award: { size: 32, weight: 700, colour: 'brand', gap: 6 },
  value: { size: 44, weight: 800, colour: 'text', gap: 6 },
  who: { size: 34, weight: 600, colour: 'text', gap: 4 },
  note: { size: 28, weight: 400, colour: 'muted', gap: 4 },
  footer: { size: 26, weight: 400, colour: 'muted', gap: 0 },
};

const fontOf = (style) => `${style.weight} ${style.size}px ${FONT}`;

/** ``text`` broken into lines no wider than ``width`` (words kept whole unless one alone is wider). */
function wrap(ctx, text, width) {
  const lines = [];
  let line = '';
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Every line to draw, with its style and place; the height it all takes. */
function layout(ctx, recap) {
  const rows = [];
  let y = PAD;
  const add = (kind, text, inset = 0) => {
    const style = STYLES[kind];
    ctx.font = fontOf(style);
    for (const line of wrap(ctx, text, WIDTH - 2 * PAD - 2 * inset)) {
      y += style.size * 1.2;
      rows.push({ kind, line, x: PAD + inset, y });
    }
    y += style.gap;
  };
  add('title', recap.title);
  add('scope', recap.scope);
  for (const award of recap.awards) {
    const top = y;
    y += 28;
    add('award', award.title, 32);
    if (award.value) add('value', award.value, 32);
    for (const who of award.who) add('who', who, 32);
    for (const note of award.notes) add('note', note, 32);
    y += 24;
    rows.push({ kind: 'card', top, bottom: y });
    y += 20;
  }
  add('footer', recap.footer);
  return { rows, height: Math.ceil(y + PAD) };
}

/** The recap ({title, scope, awards: [{title, value, who: [], notes: []}], footer}) as a PNG Blob. */
export async function recapImage(recap) {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  const { rows, height } = layout(canvas.getContext('2d'), recap);
  canvas.height = height;
  const ctx = canvas.getContext('2d'); // resizing a canvas resets its context: set everything again
  ctx.fillStyle = COLOURS.bg;
  ctx.fillRect(0, 0, WIDTH, height);
  for (const card of rows.filter((r) => r.kind === 'card')) {
    ctx.fillStyle = COLOURS.card;
    ctx.fillRect(PAD, card.top, WIDTH - 2 * PAD, card.bottom - card.top);
    ctx.fillStyle = COLOURS.accent;
    ctx.fillRect(PAD, card.top, 8, card.bottom - card.top);
  }
  ctx.textBaseline = 'alphabetic';
  for (const row of rows.filter((r) => r.kind !== 'card')) {
    const style = STYLES[row.kind];
    ctx.font = fontOf(style);
    ctx.fillStyle = COLOURS[style.colour];
    ctx.fillText(row.line, row.x, row.y - style.size * 0.2);
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/png'));
}
