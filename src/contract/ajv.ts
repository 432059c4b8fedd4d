// One Ajv setup for the contract: OpenAPI component refs resolve against the document itself.
import Ajv, { type ValidateFunction, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { SCHEMAS } from './components';
import { AS_OF_FORMAT, isAsOf } from './as-of';

const DOC_ID = 'pds-openapi';

/** Rewrites `#/components/...` refs so a schema compiled on its own resolves them in the document. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : rebase(v),
      ]),
    );
  }
  return schema;
}

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, ...options });
  addFormats(ajv);
  ajv.addFormat(AS_OF_FORMAT, isAsOf);
  ajv.addSchema({ $id: DOC_ID, components: { schemas: rebase(SCHEMAS) } });
  return ajv;
}

export function compile(ajv: Ajv, schema: object): ValidateFunction {
  return ajv.compile(rebase(schema) as object);
}
