// Tokens, the first stage of understanding (understanding.ts): a query split into words with their
// places, so every later stage can point back at the text as typed.

export interface Word {
  /** Lower-case, as compared. */
  readonly norm: string;
  readonly start: number;
  readonly end: number;
}

const SYMBOL_FIRST = /^(>=|<=|≥|≤|>|<)([^=].*)$/;
const SPAN_TOKEN = /^(\d+(?:[.,]\d+)?[^\d\s.,\-–—]*)([-–—])(\d+(?:[.,]\d+)?\D*)$/;

/**
 * Splits a query into words with their places: "air-to-water" and "on/off" are several, "R-32" one,
 * "60-cell" two, "5-8kW" three ("5", "-", "8kW"), ">600W" and "600W+" two.
 */
export function words(q: string): Word[] {
  const out: Word[] = [];
  const push = (norm: string, start: number) => out.push({ norm, start, end: start + norm.length });
  const token = (t: string, at: number) => {
    const refrigerant = /^r-(\d+[a-z]*)$/.exec(t);
    const counted = /^(\d+)-(cells?)$/.exec(t);
    const symbol = SYMBOL_FIRST.exec(t);
    const span = SPAN_TOKEN.exec(t);
    if (refrigerant) out.push({ norm: `r${refrigerant[1]}`, start: at, end: at + t.length });
    else if (counted) {
      push(counted[1], at);
      push(counted[2], at + counted[1].length + 1);
    } else if (symbol) {
      push(symbol[1], at);
      token(symbol[2], at + symbol[1].length);
    } else if (span) {
      push(span[1], at);
      push(span[2], at + span[1].length);
      push(span[3], at + span[1].length + 1);
    } else if (/^\d\S*\+$/.test(t)) {
      push(t.slice(0, -1), at);
      push('+', at + t.length - 1);
    } else if (/^\p{L}+(?:[-/]\p{L}+)+$/u.test(t)) {
      for (const part of t.matchAll(/\p{L}+/gu)) push(part[0], at + part.index);
    } else push(t, at);
  };
  for (const m of q.matchAll(/\S+/g)) token(m[0].toLowerCase(), m.index);
  return out;
}
