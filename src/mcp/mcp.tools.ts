// The tools the MCP front door offers: each is one operation of the OpenAPI document, so its
// scope, credits, rate limit, validation, answer and provenance are that operation's. A table with
// the reason for each entry; the schemas come from the document (contract/tool-schemas.ts).

export interface ToolEntry {
  readonly operationId: string;
  /** Why an agent would call it, before the operation's own summary. */
  readonly purpose: string;
}

export const TOOLS: ReadonlyMap<string, ToolEntry> = new Map([
  [
    'search_products',
    {
      operationId: 'searchProducts',
      purpose:
        'Find equipment by words, model numbers and quantities ("Trina 400W bifacial"); `meta.interpretation` says how the query was read.',
    },
  ],
  [
    'get_products',
    {
      operationId: 'getProducts',
      purpose:
        'Read up to 100 products at once by id or model number, each value with its provenance; `as_of` reads them as they stood.',
    },
  ],
  ['compare_products', { operationId: 'compareProducts', purpose: 'Put 2 to 10 products side by side, spec by spec.' }],
  [
    'get_product_history',
    {
      operationId: 'listRevisions',
      purpose:
        "A product's revisions, newest first, with what changed (for a product as it stood at a time, get_products with as_of).",
    },
  ],
  [
    'list_specs',
    {
      operationId: 'listSpecs',
      purpose: 'The glossary: every spec with its unit, the source columns it is read from and its pvlib name.',
    },
  ],
  [
    'find_company',
    {
      operationId: 'getManufacturer',
      purpose:
        'One company by its id (as search facets and interpretations name it), with every spelling the sources use and the evidence tying each.',
    },
  ],
  [
    'similar_products',
    {
      operationId: 'listSimilarProducts',
      purpose: 'Substitutes for a product: same category, nearest in the specs that decide a substitution.',
    },
  ],
  [
    'size_string',
    {
      operationId: 'checkCompatibility',
      purpose: 'How many modules in series an inverter takes between the coldest and hottest temperatures.',
    },
  ],
  [
    'module_performance',
    {
      operationId: 'getModulePerformance',
      purpose: "A PV module's operating point (and IV curve) at given irradiance and cell temperature.",
    },
  ],
]);
