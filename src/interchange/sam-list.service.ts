// A SAM list: one edition of a list SAM has a format for (CEC modules and inverters, Sandia modules,
// ADR inverters), as that edition's file printed it, for the products the list operation's filters
// select. The products come from one point in time of the index (their listing says which records
// of the edition's file are theirs); the cells come from the file the catalog was seeded from, read
// as seeded (its sha256 checked), so every value is the source's own text. Priced per row, before
// anything is sent.
import { Readable } from 'node:stream';
import { AppError, validationError } from '../errors/app-error';
import { noEditionBy, noSamFormat, noSuchEdition, noSuchList } from '../errors/catalog';
import { SAM_LISTS, SAM_LIST_NAMES, SAM_PRODUCT_ID_COLUMN, type SamList } from '../catalog/sam-lists';
import type { ProductFilter } from '../catalog/product-query';
import type { SourceDoc } from '../catalog/source.types';
import type { IndexField, Projection } from '../catalog/search-document';
import { headerText, readSamFile, recordText, type SamFile } from './sam-csv';
import type { SamRequest } from './sam-filter';

export interface SamListPorts {
  readonly index: {
    scan<F extends IndexField>(
      filter: ProductFilter,
      source: readonly F[],
    ): Promise<{ documents: AsyncIterable<Projection<F>>; readonly close: () => Promise<void> }>;
  };
  readonly sources: { list(): Promise<SourceDoc[]> };
  /** The text of the file a source was seeded from; refuses (503) a file missing or changed since (sha256). */
  readonly sourceText: (source: SourceDoc) => Promise<string>;
}

export const ROWS_PER_CREDIT = 100;
export const samListCost = (rows: number) => Math.max(1, Math.ceil(rows / ROWS_PER_CREDIT));

/** What an export will send, known before any of it is: the edition's file and the rows chosen. */
export interface SamPlan {
  readonly list: string;
  readonly source: SourceDoc;
  readonly file: SamFile;
  /** Record number and product id, in the file's order. */
  readonly rows: readonly (readonly [number, string])[];
  readonly productId: boolean;
}

/** The SAM list a name asks for, or a problem saying which lists exist. */
export function samList(name: string, sources: readonly SourceDoc[]): SamList {
  const list = SAM_LISTS[name];
  if (list) return list;
  const known = sources.find((s) => s.list === name);
  const offered = `SAM lists: ${SAM_LIST_NAMES.join(', ')}.`;
  if (known) throw new AppError(noSamFormat(name, known.title, offered));
  throw new AppError(noSuchList(name, offered));
}

/** The edition asked (`edition`), the newest on or before `as_of`, or the newest. */
export function samEdition(name: string, request: SamRequest, sources: readonly SourceDoc[]): SourceDoc {
  const editions = sources.filter((s) => s.list === name).sort((a, b) => a.edition.localeCompare(b.edition));
  const dates = editions.map((s) => s.edition).join(', ');
  if (request.edition !== undefined && request.asOf !== undefined)
    throw validationError([{ in: 'query', name: 'as_of', message: 'and edition cannot both be given' }]);
  if (request.edition !== undefined) {
    const found = editions.find((s) => s.edition === request.edition);
    if (!found) throw new AppError(noSuchEdition(name, request.edition, dates));
    return found;
  }
  const day = request.asOf?.slice(0, 10);
  const inForce = day === undefined ? editions : editions.filter((s) => s.edition <= day);
  if (inForce.length === 0) throw new AppError(noEditionBy(name, request.asOf, dates));
  return inForce[inForce.length - 1];
}

/** Parsed files, by source id and sha256: a file's lines take about its size, once per process. */
const files = new Map<string, Promise<SamFile>>();

function samFile(source: SourceDoc, ports: SamListPorts): Promise<SamFile> {
  const key = `${source._id}@${source.sha256}`;
  let file = files.get(key);
  if (!file) {
    file = ports.sourceText(source).then(readSamFile);
    files.set(key, file);
    file.catch(() => files.delete(key));
  }
  return file;
}

/** Chooses the rows of a SAM list: the edition's records of the products the filters select. */
export async function planSamList(name: string, request: SamRequest, ports: SamListPorts): Promise<SamPlan> {
  const sources = await ports.sources.list();
  const list = samList(name, sources);
  const source = samEdition(name, request, sources);
  const file = await samFile(source, ports);
  const scan = await ports.index.scan({ ...request.filter, category: list.category }, ['id', 'detail.listing']);
  const rows: [number, string][] = [];
  try {
    for await (const p of scan.documents)
      for (const listed of p.detail.listing.editions)
        if (listed.source_id === source._id) for (const record of listed.records) rows.push([record, p.id]);
  } finally {
    await scan.close();
  }
  rows.sort((a, b) => a[0] - b[0]);
  return {
    list: name,
    source,
    file,
    rows: rows.filter(([record]) => file.lines.has(record)),
    productId: request.productId,
  };
}

/** The CSV text of a plan, a few hundred lines at a time. */
export function samListBody(plan: SamPlan): Readable {
  const extra = plan.productId ? SAM_PRODUCT_ID_COLUMN : undefined;
  function* chunks() {
    yield headerText(plan.file, extra);
    for (let start = 0; start < plan.rows.length; start += 500) {
      yield plan.rows
        .slice(start, start + 500)
        .map(([record, id]) => recordText(plan.file.lines.get(record)!, plan.productId ? id : undefined))
        .join('');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The file name a download suggests. */
export const samFileName = (plan: SamPlan) => `${plan.list}-${plan.source.edition}.csv`;
