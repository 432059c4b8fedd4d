// @ts-check
// How a search's reading (`meta.interpretation`) becomes chips, and what the search becomes when a
// chip is removed. No DOM and no document here: the unit test runs it in Node on real readings.

/** The parts whose `parameters` fall short of what they select, so a chip removed elsewhere keeps their words. */
const KEPT_AS_WORDS = new Set([
  // No ordinary parameter excludes: the words are the only way to keep "not bifacial" or "without SMA".
  'exclusion',
  // Nor selects at a design point ("at -7/55"): its words, and those of a bound taken there (`at`).
  'design-point',
]);
const keptAsWords = (part) => KEPT_AS_WORDS.has(part.kind) || part.at !== undefined;

/**
 * What a chip says: the API's label, with the glossary's short label of the spec it bounds or sorts
 * by (`STC power: over 600 W`), never the spec's raw name. `labelOf` gives a spec's label, or
 * undefined where the glossary has none: then the API's label alone.
 */
export function chipText(part, labelOf) {
  const spec = part.sort?.spec ?? part.spec;
  const name = spec ? labelOf(spec) : undefined;
  if (!name) return part.label;
  return part.kind === 'ranking' ? `${part.label}, by ${name}` : `${name}: ${part.label}`;
}

/**
 * The search without part `removed`, written into `state` (URLSearchParams), as the document says:
 * the words left as text, every other part as its ordinary parameters (a series as `series=`); except
 * an exclusion, which keeps its words in `q` and is read again.
 */
export function withoutPart(interpretation, removed, state) {
  const words = [interpretation.text];
  interpretation.parts.forEach((other, j) => {
    if (j === removed) return;
    if (keptAsWords(other)) return void words.push(other.from);
    for (const [k, v] of Object.entries(other.parameters))
      for (const item of [v].flat()) if (!state.getAll(k).includes(item)) state.append(k, item);
  });
  const text = words.filter(Boolean).join(' ').trim();
  if (text) state.set('q', text);
  else state.delete('q');
}
