// The lists the service holds that SAM has a library format for (a CSV with a 3-row header: names,
// units, SAM variable names), with the category their products are in and the name pvlib's
// retrieve_sam gives its bundled copy. Other lists (heat pumps, batteries, wallboxes) have none.

export interface SamList {
  readonly category: 'pv-module' | 'inverter';
  /** retrieve_sam(name=...) for pvlib's bundled edition of the list. */
  readonly pvlibName: string;
  readonly title: string;
}

export const SAM_LISTS: Readonly<Record<string, SamList>> = {
  'cec-modules': { category: 'pv-module', pvlibName: 'CECMod', title: 'CEC Modules' },
  'cec-inverters': { category: 'inverter', pvlibName: 'CECInverter', title: 'CEC Inverters' },
  'sandia-modules': { category: 'pv-module', pvlibName: 'SandiaMod', title: 'Sandia Modules' },
  'adr-inverters': { category: 'inverter', pvlibName: 'ADRInverter', title: 'ADR Inverters' },
};

export const SAM_LIST_NAMES = Object.keys(SAM_LISTS);

/** The header rows every SAM library file has before its records. */
export const SAM_HEADER_ROWS = 3;

/** The column a SAM list may add after the source's own: the service's product id (`product_id=true`). */
export const SAM_PRODUCT_ID_COLUMN = 'Product_ID';

/** How long a signed SAM link lives unless asked otherwise, and at most (seconds). */
export const SAM_LINK_DEFAULT_TTL_S = 7 * 24 * 3600;
export const SAM_LINK_MAX_TTL_S = 90 * 24 * 3600;
export const SAM_LINK_MIN_TTL_S = 60;

/** A signed, read-only link to one SAM list export: who made it, what it exports, until when. */
export interface SamLinkDoc {
  /** Random, URL-safe; the link's id in its URL. */
  readonly _id: string;
  readonly account_id: string;
  /** The key that made it: the link works while that key does, and shares its rate limit. */
  readonly key_id: string;
  readonly list: string;
  /** The export's query as validated when the link was made (edition, as_of, filters). */
  readonly query: Readonly<Record<string, unknown>>;
  readonly created_at: Date;
  readonly expires_at: Date;
  readonly revoked_at: Date | null;
}
