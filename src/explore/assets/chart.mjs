// @ts-check
// A line chart as SVG, drawn here (no library): axes with round ticks, one path per series, marked
// points, a legend when there are several series, and a title and description a screen reader reads
// instead of the picture.
import { s, num } from './dom.mjs';

const W = 480;
const H = 300;
const PAD = { left: 56, right: 16, top: 16, bottom: 44 };

/** Round tick values from the last at or below `min` to the first at or above `max`, so every point lies inside. */
function ticks(min, max) {
  const raw = (max - min) / 5;
  const p = 10 ** Math.floor(Math.log10(raw || 1));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((t) => t >= raw) ?? 10 * p;
  const first = Math.floor(min / step + 1e-9) * step;
  const out = [Number(first.toPrecision(12))];
  while (last(out) < max - step * 1e-9) out.push(Number((first + out.length * step).toPrecision(12)));
  return out;
}

/** @param {number[]} values */
const last = (values) => values[values.length - 1];

const LEGEND_ROW = 16;

/**
 * `series`: [{ label, points: [{x, y, className?}], className }] (a point with a className is drawn
 * as a dot of that class, e.g. an extrapolated one); `marks`: [{x, y, label}]. Axes start at 0 (an
 * IV curve is read from the origin) unless `from` gives lower ends ({x, y}: the axis starts at the
 * round tick at or below). Several series get a legend under the plot.
 */
/**
 * @typedef {{ x: number, y: number, className?: string }} Point
 * @typedef {{ label: string, points: Point[], className?: string }} Series
 * @param {{ id: string, title: string, description: string, xLabel: string, yLabel: string, series: Series[],
 *   marks?: { x: number, y: number, label: string }[], from?: { x?: number, y?: number } }} chart
 */
export function lineChart({ id, title, description, xLabel, yLabel, series, marks = [], from = {} }) {
  const xs0 = series.flatMap((se) => se.points.map((p) => p.x));
  const ys0 = series.flatMap((se) => se.points.map((p) => p.y));
  const xt = ticks(from.x ?? 0, Math.max(...xs0) || 1);
  const yLow = from.y ?? 0;
  const yt = ticks(yLow, Math.max(...ys0) + (Math.max(...ys0) - yLow) * 0.05 || 1);
  const legend = series.length > 1 ? series.length * LEGEND_ROW + 8 : 0;
  const height = H + legend;
  const xs = (x) => PAD.left + ((x - xt[0]) / (last(xt) - xt[0])) * (W - PAD.left - PAD.right);
  const ys = (y) => H - PAD.bottom - ((y - yt[0]) / (last(yt) - yt[0])) * (H - PAD.top - PAD.bottom);
  const path = (points) =>
    points.map((p, i) => `${i ? 'L' : 'M'}${xs(p.x).toFixed(1)},${ys(Math.max(yt[0], p.y)).toFixed(1)}`).join('');
  return s(
    'svg',
    { id, viewBox: `0 0 ${W} ${height}`, role: 'img', 'aria-labelledby': `${id}-title ${id}-desc`, class: 'chart' },
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
      s(
        'g',
        { class: `series-group ${se.className ?? ''}`, 'data-series': se.label },
        s(
          'path',
          { d: path(se.points), class: `series ${se.className ?? ''}`, fill: 'none' },
          s('title', {}, se.label),
        ),
        se.points
          .filter((p) => p.className)
          .map((p) => s('circle', { cx: xs(p.x), cy: ys(p.y), r: 3.5, class: `dot ${p.className}` })),
      ),
    ),
    series.length > 1 ? legendOf(series, H) : null,
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

/** One row per series under the plot: a stroke in the series' style and its label. */
function legendOf(series, top) {
  return s(
    'g',
    { class: 'legend' },
    series.map((se, i) => {
      const y = top + 8 + i * LEGEND_ROW;
      return s(
        'g',
        {},
        s('line', { x1: PAD.left, x2: PAD.left + 28, y1: y, y2: y, class: `series ${se.className ?? ''}` }),
        s('text', { x: PAD.left + 34, y: y + 4 }, se.label),
      );
    }),
  );
}
