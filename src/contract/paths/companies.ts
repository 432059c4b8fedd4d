// The operations of the tag `companies`: the companies behind the products, however spelt.
import { CATEGORIES } from '../../catalog/spec-catalog';
import type { PathsObject } from '../openapi.types';
import { CURSOR_PARAM, ID_PARAM, LIMIT_PARAM, param } from './parameters';
import { json, keyOperation, problem } from './responses';

export const COMPANY_PATHS: PathsObject = {
  '/api/v1/manufacturers': {
    get: keyOperation({
      operationId: 'listManufacturers',
      summary:
        'The companies behind the products, each once however the sources spell it, with product counts per category',
      scope: 'products:read',
      cost: 1,
      tags: ['companies'],
      description:
        'Ordered by company id. Counts are of current products. A company id is what `manufacturer=` and `meta.facets.manufacturer[].id` use.',
      parameters: [
        param('category', 'Only companies with products of this category (and only those are counted).', {
          type: 'string',
          enum: [...CATEGORIES],
        }),
        LIMIT_PARAM,
        CURSOR_PARAM,
      ],
      success: json('A page of companies.', 'CompanyCollection'),
      errors: { 400: problem('Invalid category, limit or cursor.') },
    }),
  },
  '/api/v1/manufacturers/{id}': {
    get: keyOperation({
      operationId: 'getManufacturer',
      summary:
        'One company: every spelling the sources use for it, each with the rule and evidence that tie it, its relations to other companies, and its group (parent brand) with the other members',
      scope: 'products:read',
      cost: 1,
      tags: ['companies'],
      parameters: [ID_PARAM],
      success: json('The company.', 'Company'),
      errors: { 400: problem('Invalid id.'), 404: problem('No company with this id.') },
    }),
  },
};
