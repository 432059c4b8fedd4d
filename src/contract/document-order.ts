// How the files of the tags become one document: the order of its paths and component schemas, and
// the checks that each file holds its own tag's operations and nothing is defined twice. The
// document was one literal until it was split into a file per tag (issue 48); the lists below keep
// the order it had then, so the served document, /docs, the generated client and the Python package
// stay byte for byte what they were. Whatever they do not name follows, in the order the parts are
// assembled: a new operation or schema is added in its tag's file alone.
import type { PathsObject } from './openapi.types';

export const PATH_ORDER: readonly string[] = [
  '/api/v1/products',
  '/api/v1/products/{id}',
  '/api/v1/batch/products',
  '/api/v1/products/{id}/similar',
  '/api/v1/products/{id}/performance',
  '/api/v1/compatibility',
  '/api/v1/products/{id}/revisions',
  '/api/v1/products/{id}/revisions/{number}',
  '/api/v1/export',
  '/api/v1/changes',
  '/api/v1/sources',
  '/api/v1/sources/{id}',
  '/api/v1/manufacturers',
  '/api/v1/manufacturers/{id}',
  '/api/v1/search',
  '/api/v1/compare',
  '/api/v1/openapi.json',
  '/api/v1/specs',
  '/api/v1/auth/register',
  '/api/v1/auth/login',
  '/api/v1/developer/keys',
  '/api/v1/auth/key',
  '/api/v1/developer/keys/{id}',
];

export const SCHEMA_ORDER: readonly string[] = [
  'Problem',
  'Specs',
  'SpecGlossary',
  'Product',
  'Listing',
  'Quality',
  'Provenance',
  'ProductDetail',
  'ProductDetailPart',
  'Facets',
  'FacetCount',
  'ProductCompany',
  'MadeBy',
  'ProductSeries',
  'CollectionMeta',
  'Interpretation',
  'InterpretedPart',
  'ProductCollection',
  'Comparison',
  'SimilarProducts',
  'Account',
  'Credentials',
  'LoginToken',
  'ApiKey',
  'ApiKeyCreated',
  'ApiKeyList',
  'NewApiKey',
  'Scope',
  'Change',
  'Claim',
  'RevisionSummary',
  'RevisionCollection',
  'Revision',
  'Source',
  'ChangeFeed',
  'CompanySummary',
  'CompanyCollection',
  'Company',
  'SourceList',
];

/**
 * The parts merged into one object: the keys `order` names first, in that order, then the others as
 * the parts hold them. A key two parts both define, or one `order` names that no part defines, is a
 * mistake in the document's sources, and throws when the document is built.
 */
export function inOrder<T>(order: readonly string[], parts: readonly Readonly<Record<string, T>>[]): Record<string, T> {
  const merged = new Map<string, T>();
  for (const part of parts)
    for (const [key, value] of Object.entries(part)) {
      if (merged.has(key)) throw new Error(`the OpenAPI document defines ${key} twice`);
      merged.set(key, value);
    }
  const out: Record<string, T> = {};
  for (const key of order) {
    const value = merged.get(key);
    if (value === undefined) throw new Error(`the OpenAPI document's order names ${key}, which nothing defines`);
    out[key] = value;
    merged.delete(key);
  }
  for (const [key, value] of merged) out[key] = value;
  return out;
}

/** A tag file's paths, checked: an operation written in the file of a tag it does not carry throws when the document is built. */
export function taggedPaths(tag: string, paths: PathsObject): PathsObject {
  for (const item of Object.values(paths))
    for (const op of Object.values(item))
      if (op && !op.tags.includes(tag))
        throw new Error(`${op.operationId} is in the file of tag ${tag} without the tag`);
  return paths;
}
