// The tools the MCP front door offers: each is one operation of the OpenAPI document, so its
// scope, credits, rate limit, validation, answer and provenance are that operation's. A table with
// the reason for each entry (what an agent reads to choose a tool, with the units it speaks in); the
// schemas and the price come from the document (contract/tool-schemas.ts).
import { operationText, toolInputSchema, toolOutputSchema } from '../contract/tool-schemas';

export interface ToolEntry {
  readonly operationId: string;
  /** Why an agent would call it, and in which units; the operation's price follows. */
  readonly purpose: string;
}

export const TOOLS: ReadonlyMap<string, ToolEntry> = new Map([
  [
    'search_products',
    {
      operationId: 'searchProducts',
      purpose:
        'Find PV modules, inverters and heat pumps by words, model numbers and quantities ("Trina 400W bifacial"); filter by category, company and spec ranges (`ranges`, each spec in its unit from list_specs: W, V, A, %, °C); `meta.interpretation` says how the query was read.',
    },
  ],
  [
    'get_products',
    {
      operationId: 'getProducts',
      purpose:
        'Read up to 100 products at once by id or model number, every value with its unit and provenance; `as_of` reads them as they stood.',
    },
  ],
  [
    'compare_products',
    { operationId: 'compareProducts', purpose: 'Put 2 to 10 products side by side, spec by spec, in SI units.' },
  ],
  [
    'get_product_history',
    {
      operationId: 'listRevisions',
      purpose: "A product's revisions, newest first, with what changed in which spec (values in their units).",
    },
  ],
  [
    'list_specs',
    {
      operationId: 'listSpecs',
      purpose:
        'The glossary: every spec name (the keys of `ranges`, `sort` and `fields`) with its unit, source columns and pvlib name.',
    },
  ],
  [
    'find_company',
    {
      operationId: 'getManufacturer',
      purpose:
        'One company by its id (as search facets name it), with every spelling the sources use and the evidence tying each.',
    },
  ],
  [
    'similar_products',
    {
      operationId: 'listSimilarProducts',
      purpose:
        'Substitutes for a product: same category, nearest in the deciding specs, with the differences in their units.',
    },
  ],
  [
    'size_string',
    {
      operationId: 'checkCompatibility',
      purpose:
        "How many modules in series an inverter takes between the coldest and hottest temperatures (°C, ambient or cell); voltages in V, currents in A; and the inverter's efficiency (%) at the string's MPP voltage at 25 °C and at the hottest cell.",
    },
  ],
  [
    'check_design_fit',
    {
      operationId: 'checkDesignFit',
      purpose:
        "Check a string design (modules per string, strings) of a PV module on an inverter between the site's coldest and hottest temperatures (°C): PASS/WARN/FAIL per limit (Voc in V against the maximum DC voltage, Vmp against the MPPT window, Isc in A against the maximum DC current, DC/AC ratio) with the margin in %, and each limit's source (listed, or derived by the service: check it on the datasheet); and the inverter's efficiency (%) at the string's MPP voltage at 25 °C and at the hottest cell.",
    },
  ],
  [
    'module_performance',
    {
      operationId: 'getModulePerformance',
      purpose:
        "A PV module's operating point (Isc, Imp in A; Voc, Vmp in V; Pmp in W) and IV curve at an irradiance (W/m²) and cell temperature (°C).",
    },
  ],
  [
    'inverter_performance',
    {
      operationId: 'getInverterPerformance',
      purpose:
        "An inverter's AC output (W), efficiency (%) and state at DC power and voltage points (`P@V`, W and V), by the Sandia, ADR or PVWatts model, and its CEC and European weighted efficiencies at its lowest MPPT, nominal and highest MPPT voltage.",
    },
  ],
  [
    'heat_pump_performance',
    {
      operationId: 'getHeatPumpPerformance',
      purpose:
        "A heat pump's COP, heating output and electric input (W) at source/flow temperature points (°C, e.g. `-7/55`) by hplib's model, each point flagged within the tested range or extrapolated.",
    },
  ],
]);

/** What tools/list answers: names, a description with purpose and price, and the derived schemas. */
export const TOOL_LIST = [...TOOLS].map(([name, tool]) => {
  const text = operationText(tool.operationId);
  return {
    name,
    title: text.summary,
    description: `${tool.purpose} ${text.price}`,
    inputSchema: toolInputSchema(tool.operationId),
    outputSchema: toolOutputSchema(tool.operationId),
    annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
  };
});
