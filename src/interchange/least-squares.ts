// Levenberg–Marquardt (Marquardt 1963, with his scaling of the damping by diag(JᵀJ)) for small
// problems: a handful of parameters, a few dozen residuals, a Jacobian by forward differences. A step
// whose residuals are not all finite counts as worse, so the model may refuse a region of parameters
// by returning NaN.

export type Residuals = (x: readonly number[]) => number[];

export interface Fit {
  readonly x: number[];
  readonly cost: number;
  readonly iterations: number;
}

const sumOfSquares = (r: readonly number[]) => {
  let s = 0;
  for (const v of r) s += v * v;
  return Number.isFinite(s) ? s : Infinity;
};

/** Minimizes Σ r(x)² from `x0`. */
export function levenbergMarquardt(residuals: Residuals, x0: readonly number[], maxIterations = 60): Fit {
  let x = [...x0];
  let r = residuals(x);
  let cost = sumOfSquares(r);
  let lambda = 1e-3;
  let iterations = 0;
  for (; iterations < maxIterations && cost > 0; iterations++) {
    const jacobian = jacobianAt(residuals, x, r);
    const { a, g } = normalEquations(jacobian, r);
    let improved = false;
    while (lambda < 1e10) {
      const damped = a.map((row, i) => row.map((v, j) => (i === j ? v * (1 + lambda) + 1e-300 : v)));
      const step = solve(
        damped,
        g.map((v) => -v),
      );
      const trial = x.map((v, i) => v + (step?.[i] ?? 0));
      const trialR = step ? residuals(trial) : r;
      const trialCost = step ? sumOfSquares(trialR) : Infinity;
      if (trialCost < cost) {
        const relative = (cost - trialCost) / cost;
        [x, r, cost] = [trial, trialR, trialCost];
        lambda = Math.max(lambda / 5, 1e-12);
        improved = relative > 1e-10;
        break;
      }
      lambda *= 4;
    }
    if (!improved) break;
  }
  return { x, cost, iterations };
}

function jacobianAt(residuals: Residuals, x: readonly number[], r: readonly number[]): number[][] {
  return x.map((v, i) => {
    const h = 1e-7 * Math.max(Math.abs(v), 1e-2);
    const shifted = [...x];
    shifted[i] = v + h;
    return residuals(shifted).map((value, k) => (value - r[k]) / h);
  });
}

/** JᵀJ and Jᵀr, with J given by columns (one per parameter). */
function normalEquations(columns: readonly number[][], r: readonly number[]) {
  const a = columns.map((ci) => columns.map((cj) => dot(ci, cj)));
  const g = columns.map((ci) => dot(ci, r));
  return { a, g };
}

function dot(u: readonly number[], v: readonly number[]): number {
  let s = 0;
  for (let k = 0; k < u.length; k++) s += u[k] * v[k];
  return s;
}

/** Gaussian elimination with partial pivoting; undefined when singular or not finite. */
function solve(matrix: readonly number[][], rhs: readonly number[]): number[] | undefined {
  const n = rhs.length;
  const m = matrix.map((row, i) => [...row, rhs[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(m[row][col]) > Math.abs(m[pivot][col])) pivot = row;
    if (!(Math.abs(m[pivot][col]) > 0)) return undefined;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let row = col + 1; row < n; row++) {
      const f = m[row][col] / m[col][col];
      for (let k = col; k <= n; k++) m[row][k] -= f * m[col][k];
    }
  }
  const out = Array.from({ length: n }, () => 0);
  for (let row = n - 1; row >= 0; row--) {
    let s = m[row][n];
    for (let k = row + 1; k < n; k++) s -= m[row][k] * out[k];
    out[row] = s / m[row][row];
  }
  return out.every(Number.isFinite) ? out : undefined;
}
