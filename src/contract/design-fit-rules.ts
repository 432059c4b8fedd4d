// The thresholds of the design-fit check (design/design-fit.service.ts), here so the operation's
// description in the document states the ones the service applies.

/** A check within this many percent of its limit is a WARN: datasheet tolerances (Voc ±3 %) and model error. */
export const WARN_MARGIN_PCT = 3;

/**
 * DC/AC ratio: no list gives an inverter's largest, so a common design range stands in for it:
 * PASS from `low` to `high`; WARN below `low` (an undersized array) or up to `failAbove` (clipping
 * losses); FAIL above `failAbove`.
 */
export const DC_AC = { low: 0.8, high: 1.3, failAbove: 1.5 } as const;
