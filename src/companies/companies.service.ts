// Companies: a page of those the current products name (from the index), and one company's record
// with every spelling and the evidence behind it (from MongoDB, by _id).
import { AppError } from '../errors/app-error';
import { companyNotFound } from '../errors/catalog';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import type { CompanyDoc } from '../catalog/company-records';
import type { CompanyPage } from '../catalog/product-query';

export interface CompanyPorts {
  readonly index: {
    companies(page: {
      readonly limit: number;
      readonly after?: string;
      readonly category?: string;
    }): Promise<CompanyPage>;
  };
  readonly records: { get(id: string): Promise<CompanyDoc | null> };
}

export async function listCompanies(
  query: { limit: number; cursor?: string; category?: string },
  ports: CompanyPorts,
  cursorSecret: string,
) {
  const binding = `manufacturers:${query.category ?? ''}`;
  const after = query.cursor ? String(decodeCursor(query.cursor, binding, cursorSecret)[0]) : undefined;
  const page = await ports.index.companies({ limit: query.limit, after, category: query.category });
  return {
    data: page.companies,
    meta: {
      limit: query.limit,
      total: page.total,
      ...(page.next ? { next_cursor: encodeCursor(binding, [page.next], cursorSecret) } : {}),
    },
  };
}

export async function getCompany(id: string, ports: CompanyPorts) {
  const doc = await ports.records.get(id);
  if (!doc) throw new AppError(companyNotFound(id));
  return {
    id: doc._id,
    name: doc.name,
    products: doc.products,
    aliases: doc.aliases,
    spellings: doc.spellings.map((s) => ({
      spelling: s.spelling,
      products: s.products,
      rule: s.rule,
      evidence: s.evidence,
      ...(s.productLine !== undefined ? { product_line: s.productLine } : {}),
      ...(s.originalMaker ? { original_maker: s.originalMaker } : {}),
    })),
    related: doc.related,
    // Every member, this company included, so any member shows the whole group the same way.
    ...(doc.group ? { group: doc.group } : {}),
  };
}
