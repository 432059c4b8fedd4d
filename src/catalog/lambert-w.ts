// The principal branch of the Lambert W function, W(x) for x = e^L, taken by its logarithm. The
// single-diode solutions evaluate W at arguments such as e^1500 that no double can hold, so the
// argument never leaves log space: we solve w + ln w = L, never w·e^w = x.

/** Below this L, e^L is so small that W(e^L) = e^L to the last bit (W(x) = x − x² + …). */
const TINY_LOG = -40;

/** W(e^logX): the w ≥ 0 with w·e^w = e^logX. Accurate to a few units in the last place. */
export function lambertWOfExp(logX: number): number {
  if (Number.isNaN(logX)) return Number.NaN;
  if (logX === Infinity) return Infinity;
  if (logX < TINY_LOG) return Math.exp(logX);
  let w = initialGuess(logX);
  // Fritsch, Shafer and Crowley (1973): one step triples the correct digits, so from these
  // guesses two or three reach machine precision; the bound only guards against the unforeseen.
  for (let step = 0; step < 8; step++) {
    const z = logX - Math.log(w) - w;
    const q = 2 * (1 + w) * (1 + w + (2 * z) / 3);
    const e = (z / (1 + w)) * ((q - z) / (q - 2 * z));
    w *= 1 + e;
    if (Math.abs(e) <= 2 * Number.EPSILON) break;
  }
  return w;
}

function initialGuess(logX: number): number {
  if (logX > 2) {
    // The asymptotic series W ≈ L − ln L + ln L / L, good to a few digits from x = e².
    const ln = Math.log(logX);
    return logX - ln + ln / logX;
  }
  // Winitzki's approximation, within 2 % for 0 ≤ x ≤ e².
  const l1 = Math.log1p(Math.exp(logX));
  return l1 * (1 - Math.log1p(l1) / (2 + l1));
}
