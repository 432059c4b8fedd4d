// A line chart as SVG, drawn here (no library): axes with round ticks, one path per series, marked
// points, and a title and description a screen reader reads instead of the picture.
import { s, num } from './dom.mjs';

const W = 480;
const H = 300;
const PAD = { left: 56, right: 16, top: 16, bottom: 44 };

/** Round tick values from 0 to the first at or above `max`, so every point lies inside. */
function ticks(max) {
  const raw = max / 5;
  const p = 10 ** Math.floor(Math.log10(raw || 1));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((t) => t >= raw);
  const out = [0];
  while (out.at(-1) < max - step * 1e-9) out.push(Number((out.length * step).toPrecision(12)));
  return out;
}

/**
 * `series`: [{ label, points: [{x, y}], className }]; `marks`: [{x, y, label}]. Axes start at 0
 * (an IV curve is read from the origin).
 */
export function lineChart({ id, title, description, xLabel, yLabel, series, marks = [] }) {
  const xMax = Math.max(...series.flatMap((se) => se.points.map((p) => p.x))) || 1;
  const yMax = Math.max(...series.flatMap((se) => se.points.map((p) => p.y))) * 1.05 || 1;
  const xt = ticks(xMax);
  const yt = ticks(yMax);
  const xs = (x) => PAD.left + (x / xt.at(-1)) * (W - PAD.left - PAD.right);
  const ys = (y) => H - PAD.bottom - (y / yt.at(-1)) * (H - PAD.top - PAD.bottom);
  const path = (points) =>
    points.map((p, i) => `${i ? 'L' : 'M'}${xs(p.x).toFixed(1)},${ys(Math.max(0, p.y)).toFixed(1)}`).join('');
  return s(
    'svg',
    { id, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': `${id}-title ${id}-desc`, class: 'chart' },
    s('title', { id: `${id}-title` }, title),
    s('desc', { id: `${id}-desc` }, description),
    xt.map((t) =>
      s(
        'g',
        {},
        s('line', { x1: xs(t), x2: xs(t), y1: PAD.top, y2: H - PAD.bottom, class: 'grid' }),
        s('text', { x: xs(t), y: H - PAD.bottom + 16, 'text-anchor': 'middle' }, num(t)),
      ),
    ),
    yt.map((t) =>
      s(
        'g',
        {},
        s('line', { x1: PAD.left, x2: W - PAD.right, y1: ys(t), y2: ys(t), class: 'grid' }),
        s('text', { x: PAD.left - 6, y: ys(t) + 4, 'text-anchor': 'end' }, num(t)),
      ),
    ),
    s('line', { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom, class: 'axis' }),
    s('line', { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom, class: 'axis' }),
    s('text', { x: (PAD.left + W - PAD.right) / 2, y: H - 8, 'text-anchor': 'middle', class: 'axis-label' }, xLabel),
    s(
      'text',
      {
        x: 14,
        y: (PAD.top + H - PAD.bottom) / 2,
        'text-anchor': 'middle',
        transform: `rotate(-90 14 ${(PAD.top + H - PAD.bottom) / 2})`,
        class: 'axis-label',
      },
      yLabel,
    ),
    series.map((se) =>
      s('path', { d: path(se.points), class: `series ${se.className ?? ''}`, fill: 'none' }, s('title', {}, se.label)),
    ),
    marks.map((m) =>
      s(
        'g',
        { class: 'mark' },
        s('circle', { cx: xs(m.x), cy: ys(m.y), r: 4 }),
        s('text', { x: xs(m.x) + 6, y: ys(m.y) - 6 }, m.label),
      ),
    ),
  );
}
