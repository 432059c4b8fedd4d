// The document's components: how a caller authenticates, and the schemas of every tag, assembled
// from schemas/<tag>.ts (request validation and the tests read them here too).
import { inOrder, SCHEMA_ORDER } from './document-order';
import { PROBLEM_SCHEMAS } from './schemas/problem';
import { CONTRACT_SCHEMAS } from './schemas/contract';
import { PRODUCT_SCHEMAS } from './schemas/products';
import { SEARCH_SCHEMAS } from './schemas/search';
import { ACCOUNT_SCHEMAS } from './schemas/accounts';
import { KEY_SCHEMAS } from './schemas/keys';
import { REVISION_SCHEMAS } from './schemas/revisions';
import { SOURCE_SCHEMAS } from './schemas/sources';
import { COMPANY_SCHEMAS } from './schemas/companies';
import { DESIGN_SCHEMAS } from './schemas/design';
import { DESIGN_FIT_SCHEMAS } from './schemas/design-fit';
import { INTERCHANGE_SCHEMAS } from './schemas/interchange';
import { BATCH_SCHEMAS } from './schemas/batch';
import { WATCH_SCHEMAS } from './schemas/watches';
import { SAM_SCHEMAS } from './schemas/sam';

export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key (`pds_...`) created with createApiKey; carries scopes.',
  },
  loginToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token from login; only for key management.',
  },
};

export const SCHEMAS = inOrder(SCHEMA_ORDER, [
  PROBLEM_SCHEMAS,
  CONTRACT_SCHEMAS,
  PRODUCT_SCHEMAS,
  SEARCH_SCHEMAS,
  ACCOUNT_SCHEMAS,
  KEY_SCHEMAS,
  REVISION_SCHEMAS,
  SOURCE_SCHEMAS,
  COMPANY_SCHEMAS,
  DESIGN_SCHEMAS,
  DESIGN_FIT_SCHEMAS,
  INTERCHANGE_SCHEMAS,
  BATCH_SCHEMAS,
  WATCH_SCHEMAS,
  SAM_SCHEMAS,
]);
