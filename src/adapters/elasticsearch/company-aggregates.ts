// The companies' aggregations as typed answers: the buckets companyNamesRequest and companiesRequest
// (search-aggregations.ts) ask for, and the domain's values read from them.
import { COMPANY_NAMES_PAGE, companiesRequest, companyNamesRequest } from './search-aggregations';
import type { AliasReader } from './alias-reader';
import type { CompanyNames, CompanyPage } from '../../catalog/product-query';

type Keys = { buckets: { key: string }[] };
type Counts = { buckets: { key: string; doc_count: number }[] };

/** One company of companyNamesRequest: its id, the names it goes by, and what it makes, sells and belongs to. */
interface CompanyNamesBucket {
  readonly key: { id: string };
  readonly name: Keys;
  readonly names: Keys;
  readonly categories: Counts;
  readonly made_by: Keys;
  readonly group: Keys;
  readonly group_name: Keys;
}
interface CompanyNamesAggregates {
  readonly companies: { buckets: CompanyNamesBucket[] };
}

/** One company of companiesRequest: its id, name, and products per category. */
interface CompanyBucket {
  readonly key: { id: string };
  readonly doc_count: number;
  readonly name: Keys;
  readonly categories: Counts;
}
interface CompanyPageAggregates {
  readonly companies: { buckets: CompanyBucket[] };
  readonly total: { value: number };
}

/** A page of companies asked: how many, after which id, and of which category. */
export interface CompanyPageAsked {
  readonly limit: number;
  readonly after?: string;
  readonly category?: string;
}

const categoriesOf = (b: { categories: Counts }) =>
  Object.fromEntries(b.categories.buckets.map((c) => [c.key, c.doc_count]));

function companyNamesFrom(b: CompanyNamesBucket): CompanyNames {
  const [group, groupName] = [b.group.buckets[0]?.key, b.group_name.buckets[0]?.key];
  return {
    id: b.key.id,
    name: b.name.buckets[0]?.key ?? b.key.id,
    names: b.names.buckets.map((n) => n.key),
    categories: categoriesOf(b),
    madeBy: b.made_by.buckets.map((m) => m.key),
    ...(group ? { group: { id: group, name: groupName ?? group } } : {}),
  };
}

/** Every company current products name, a page of COMPANY_NAMES_PAGE at a time, past the read cache. */
export async function readCompanyNames(reader: AliasReader): Promise<CompanyNames[]> {
  const out: CompanyNames[] = [];
  for (let after: string | undefined; ;) {
    const res = await reader.uncachedSearch<CompanyNamesAggregates>(companyNamesRequest(after));
    const buckets = res.aggregations!.companies.buckets;
    out.push(...buckets.map(companyNamesFrom));
    if (buckets.length < COMPANY_NAMES_PAGE) return out;
    after = buckets.at(-1)!.key.id;
  }
}

/** A page of the companies current products name, in id order after `after`, counted per category. */
export async function readCompanyPage(reader: AliasReader, page: CompanyPageAsked): Promise<CompanyPage> {
  const aggs = (await reader.search<CompanyPageAggregates>(companiesRequest(page))).aggregations!;
  const buckets = aggs.companies.buckets;
  const companies = buckets.slice(0, page.limit).map((b) => ({
    id: b.key.id,
    name: b.name.buckets[0]?.key ?? b.key.id,
    products: b.doc_count,
    categories: categoriesOf(b),
  }));
  return {
    companies,
    total: aggs.total.value,
    ...(buckets.length > page.limit ? { next: companies.at(-1)!.id } : {}),
  };
}
