// A tiny SVG line chart, no library: evenly spaced points (one per label), one line per
// series, y axis with round ticks, x labels thinned to fit a phone, axis titles.
// Colours come from CSS classes (.chart .s0 … .s4), so light and dark themes both work.
//
//   lineChart({labels: ['Start', '2 Nov', …], series: [{name: 'Rating', values: [0, 3.1, …]}],
//              yTitle: 'rating', xTitle: 'day', description: 'Ann’s rating: from 0 to 7.2'})
// A value may be null (that series has no point there; its line joins the points it has).

const NS = 'http://www.w3.org/2000/svg';

function svg(name, attrs = {}, ...children) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/** About `count` round tick values covering min..max (1, 2, 2.5 or 5 × a power of ten apart). */
export function niceTicks(min, max, count = 4) {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) {
    const pad = Math.abs(min) > 1 ? Math.abs(min) * 0.1 : 1;
    min -= pad;
    max += pad;
  }
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const first = Math.floor(min / step) * step;
  const ticks = [];
  for (let v = first; v < max + step * 0.999; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

const fmt = (v) => (Math.abs(v) >= 1000 ? `${Number((v / 1000).toFixed(1))}k` : String(Number(v.toFixed(2))));

/** Which label indexes to print: at most `room`, always the first and the last. */
function shownLabels(n, room) {
  if (n <= room) return [...Array(n).keys()];
  const out = new Set([0, n - 1]);
  const gaps = room - 1;
  for (let i = 1; i < gaps; i++) out.add(Math.round((i * (n - 1)) / gaps));
  return [...out].sort((a, b) => a - b);
}

/** Where each legend entry goes (about 7 px a character), wrapping onto more rows; and the last row's y. */
function legendKeys(series, { width, left, right }) {
  const keys = [];
  let lx = left;
  let ly = 12;
  for (const s of series) {
    const w = 18 + s.name.length * 7;
    if (lx + w > width - right && lx > left) {
      lx = left;
      ly += 18;
    }
    keys.push([lx, ly]);
    lx += w + 10;
  }
  return { keys, ly };
}

/** The grid with the y axis's ticks, both axes, the x labels thinned to what fits (about 70 px
 *  each), and the axis titles. */
function axes(root, { ticks, labels, x, y, box, xTitle, yTitle }) {
  const { left, right, top, width, height, plotW, plotH } = box;
  const n = labels.length;
  const grid = svg('g', { class: 'grid' });
  for (const t of ticks) {
    grid.append(svg('line', { x1: left, x2: width - right, y1: y(t), y2: y(t), class: t === 0 ? 'zero' : null }));
    grid.append(svg('text', { x: left - 6, y: y(t), 'text-anchor': 'end', 'dominant-baseline': 'middle', class: 'tick' }, fmt(t)));
  }
  root.append(grid);
  root.append(svg('line', { class: 'axis', x1: left, x2: left, y1: top, y2: top + plotH }));
  root.append(svg('line', { class: 'axis', x1: left, x2: width - right, y1: top + plotH, y2: top + plotH }));
  const xAxis = svg('g', { class: 'x-labels' });
  for (const i of shownLabels(n, Math.max(2, Math.floor(plotW / 70)))) {
    const anchor = n === 1 ? 'middle' : i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle';
    xAxis.append(svg('text', { x: x(i), y: top + plotH + 16, 'text-anchor': anchor, class: 'tick' }, labels[i]));
  }
  root.append(xAxis);
  if (xTitle) root.append(svg('text', { x: left + plotW / 2, y: height - 6, 'text-anchor': 'middle', class: 'axis-title' }, xTitle));
  if (yTitle) {
    root.append(svg('text', {
      x: -(top + plotH / 2), y: 13, transform: 'rotate(-90)', 'text-anchor': 'middle', class: 'axis-title',
    }, yTitle));
  }
}

/** One series: its line, with a dot per point (its title says date and value). */
function seriesLine(s, k, { labels, x, y, legend }) {
  const points = s.values.map((v, i) => [i, v]).filter(([, v]) => typeof v === 'number');
  const cls = `s${k % 5}`;
  const g = svg('g', { class: `series ${cls}`, 'data-series': s.name });
  const d = points.map(([i, v], j) => `${j ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join(' ');
  g.append(svg('path', { class: 'line', d }));
  for (const [i, v] of points) {
    g.append(svg('circle', { class: 'dot', cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: points.length > 30 ? 2 : 3.5 },
      svg('title', {}, `${labels[i]}: ${fmt(v)}${legend ? ` (${s.name})` : ''}`)));
  }
  return g;
}

export function lineChart({ labels, series, yTitle = '', xTitle = '', description = '', width = 340, height: plotArea = 210 }) {
  const legend = series.length > 1;
  const left = 48;
  const right = 14;
  // legend entries laid out first, so the plot starts below them
  const { keys, ly } = legendKeys(legend ? series : [], { width, left, right });
  const top = legend ? ly + 18 : 14;
  const height = plotArea + top - 14;
  const bottom = 44;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const values = series.flatMap((s) => s.values).filter((v) => typeof v === 'number');
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const lo = ticks[0];
  const hi = ticks[ticks.length - 1];
  const n = labels.length;
  const x = (i) => left + (n === 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (v) => top + plotH - ((v - lo) / (hi - lo || 1)) * plotH;

  const root = svg('svg', {
    class: 'chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': description || yTitle,
    preserveAspectRatio: 'xMidYMid meet',
  }, svg('title', {}, description || yTitle));
  axes(root, { ticks, labels, x, y, box: { left, right, top, width, height, plotW, plotH }, xTitle, yTitle });
  series.forEach((s, k) => root.append(seriesLine(s, k, { labels, x, y, legend })));
  keys.forEach(([kx, ky], k) => {
    root.append(svg('g', { class: `legend s${k % 5}` },
      svg('rect', { x: kx, y: ky - 5, width: 10, height: 10, rx: 2 }),
      svg('text', { x: kx + 14, y: ky, 'dominant-baseline': 'middle', class: 'tick' }, series[k].name)));
  });
  return root;
}
