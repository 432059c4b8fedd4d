// "Did you mean": when a search finds nothing, Elasticsearch's term suggesters propose spellings
// that exist in the data: for each word, from the words of model, manufacturer and aliases together
// (one field, so a word any of them holds is never "corrected" into another), and for the whole model
// number without punctuation. Only asked for an empty first page: a search that finds something pays nothing.
import type { estypes } from '@elastic/elasticsearch';
import { compactModel } from '../../catalog/search-document';

const MAX_SUGGESTIONS = 5;

interface TermEntry {
  readonly offset: number;
  readonly length: number;
  readonly options: { readonly text: string }[];
}

/** The request body: no hits, term suggesters over the words as typed and over the whole model number. */
export function buildSuggestRequest(q: string) {
  const words = { suggest_mode: 'missing' as const, min_word_length: 3, prefix_length: 1, max_edits: 2, size: 1 };
  const compact = compactModel(q);
  return {
    size: 0,
    track_total_hits: false,
    suggest: {
      text: q,
      words: { term: { field: 'search_text', ...words } },
      ...(compact.length >= 5
        ? {
            model_number: {
              text: compact,
              term: { field: 'model_compact', suggest_mode: 'missing' as const, max_edits: 2, size: 3 },
            },
          }
        : {}),
    },
  } satisfies estypes.SearchRequest;
}

/** The text with each word the suggester corrected replaced, in place (punctuation kept); undefined when none was. */
function corrected(q: string, entries: readonly TermEntry[] | undefined): string | undefined {
  let out = q;
  let changed = false;
  // From the end, so earlier offsets stay valid.
  for (const e of [...(entries ?? [])].sort((a, b) => b.offset - a.offset)) {
    const option = e.options[0]?.text;
    if (!option) continue;
    out = out.slice(0, e.offset) + option + out.slice(e.offset + e.length);
    changed = true;
  }
  return changed ? out : undefined;
}

/** Queries to try instead of `q`, best first, each different from `q` and from each other. */
export function suggestionsFrom(q: string, suggest: Record<string, TermEntry[]> | undefined): string[] {
  const candidates = [
    corrected(q, suggest?.words),
    ...(suggest?.model_number ?? []).flatMap((e) => e.options.map((o) => o.text)),
  ];
  const seen = new Set([q.toLowerCase()]);
  const out: string[] = [];
  for (const c of candidates) {
    if (!c || seen.has(c.toLowerCase())) continue;
    seen.add(c.toLowerCase());
    out.push(c);
  }
  return out.slice(0, MAX_SUGGESTIONS);
}
