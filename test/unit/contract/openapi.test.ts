import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import Router from '@koa/router';
import { OPENAPI } from '../../../src/contract/openapi';
import { OPERATIONS } from '../../../src/contract/operations';
import { ERRORS, PROBLEM_TYPE_BASE } from '../../../src/errors/catalog';
import { SPECS } from '../../../src/catalog/spec-catalog';
import { mount, type Gates } from '../../../src/http/pipeline';
import { readMapping } from '../../../src/adapters/elasticsearch/index-admin';

const SPEC_OPERATIONS = [
  'listProducts',
  'getProduct',
  'searchProducts',
  'compareProducts',
  'getOpenApiContract',
  'register',
  'login',
  'listApiKeys',
  'createApiKey',
];

describe('OpenAPI contract', () => {
  it('then it is a valid OpenAPI 3.0.3 document, version 1.0.0, by a standard validator', async () => {
    await SwaggerParser.validate(structuredClone(OPENAPI) as never);
    assert.equal(OPENAPI.openapi, '3.0.3');
    assert.equal(OPENAPI.info.version, '1.0.0');
  });

  it('then it declares every operation the spec names, each with an access and, for key operations, a credit cost', () => {
    for (const id of SPEC_OPERATIONS) assert.ok(OPERATIONS.has(id), id);
    for (const op of OPERATIONS.values()) {
      assert.ok(
        [
          'products:read',
          'search:read',
          'revisions:read',
          'watches:write',
          'key',
          'account',
          'public',
          'signed-url',
        ].includes(op.access),
        `${op.operationId} access`,
      );
      // Reading scopes charge credits; managing the account's own watches does not (documented on each).
      // A signed URL is charged to the account that made it, like the operation it stands for.
      if (op.access.endsWith(':read') || op.access === 'signed-url') assert.ok(op.cost > 0, `${op.operationId} cost`);
    }
  });

  it('then its problem types are exactly the error catalog', () => {
    assert.deepEqual(
      Object.keys(OPENAPI['x-problem-types']).sort(),
      Object.values(ERRORS)
        .map((e) => PROBLEM_TYPE_BASE + e.slug)
        .sort(),
    );
  });

  it('then the spec catalog, the Specs schema and the index mapping list the same specs with matching types', () => {
    const schemaSpecs = OPENAPI.components.schemas.Specs.properties as Record<string, { type: string }>;
    const mapping = readMapping().mappings as unknown as {
      properties: { specs: { properties: Record<string, { type: string }> } };
    };
    const indexed = mapping.properties.specs.properties;
    assert.deepEqual(Object.keys(schemaSpecs).sort(), Object.keys(SPECS).sort());
    assert.deepEqual(Object.keys(indexed).sort(), Object.keys(SPECS).sort());
    const esType = {
      number: 'double',
      integer: 'integer',
      text: 'keyword',
      boolean: 'boolean',
      'number-list': 'double',
    } as const;
    for (const [name, def] of Object.entries(SPECS)) assert.equal(indexed[name].type, esType[def.type], name);
  });

  it('when the document offers a filter on a spec, then the index can search that field (no `index: false`)', () => {
    const indexed = (
      readMapping().mappings as unknown as {
        properties: { specs: { properties: Record<string, { index?: boolean }> } };
      }
    ).properties.specs.properties;
    const filters = (OPENAPI.paths['/api/v1/products'].get?.parameters ?? []) as readonly { name?: string }[];
    const filtered = new Set(filters.flatMap((p) => /^specs\.([a-z0-9_]+)(\[|$)/.exec(p.name ?? '')?.[1] ?? []));
    assert.ok(filtered.size > 50, `${filtered.size} filterable specs`);
    for (const name of filtered) assert.notEqual(indexed[name].index, false, `specs.${name} is offered as a filter`);
  });

  it('when a route names an operation the document lacks, then it refuses to mount', () => {
    const pass = (async (_ctx: unknown, next: () => Promise<void>) => next()) as never;
    const gates: Gates = {
      apiKey: () => pass,
      rateLimit: pass,
      credits: () => pass,
      loginToken: pass,
      accountOrKey: () => pass,
      signedUrl: pass,
      responseCache: () => pass,
    };
    assert.throws(
      () =>
        mount(new Router(), [{ operationId: 'deleteEverything', handle: async () => undefined } as never], gates, 1024),
      /not in the OpenAPI document/,
    );
  });
});
