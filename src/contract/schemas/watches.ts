// The schemas of watches and their deliveries in the OpenAPI document.
import type { SchemasObject } from '../openapi.types';
import { EVENT_TYPES, PRODUCT_EVENTS, SEARCH_EVENTS } from '../../catalog/watch.types';
import { PRODUCT_ID_PATTERN } from '../../catalog/product-id';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const dateTime = { type: 'string', format: 'date-time' } as const;
const codes = (words: readonly string[]) => words.map((w) => `\`${w}\``).join(', ');
const nullableDateTime = { type: 'string', format: 'date-time', nullable: true } as const;

/** Product ids one watch may name. */
export const MAX_WATCH_PRODUCTS = 1000;

const products = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_WATCH_PRODUCTS,
  items: { type: 'string', minLength: 1, maxLength: 120, pattern: PRODUCT_ID_PATTERN },
  description: `Up to ${MAX_WATCH_PRODUCTS} product ids; the watch gets the product.* events of these products. Every id must name a product.`,
} as const;
const search = {
  type: 'object',
  description:
    'A saved search: the parameters of searchProducts (`q`, `category`, `manufacturer`, `quality`, `in_latest_edition`, `specs.<name>` values and `specs.<name>[gte|gt|lte|lt]` ranges) with the same names and values, validated by its rules and read by the same understanding once, when the watch is made (the interpretation is stored and shown). Not `limit`, `cursor`, `sort`, `fields` or `group_by`. The watch gets `watch.matched` for each new product that satisfies every part: each filter, each understood part, the tolerance of each quantity typed, and each word not understood appearing in its maker, model or aliases.',
  maxProperties: 60,
} as const;
const events = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: ref('EventType'),
  description: `Event types to be told of: a product watch takes ${codes(PRODUCT_EVENTS)}; a saved-search watch takes ${codes(SEARCH_EVENTS)}.`,
} as const;
const url = {
  type: 'string',
  minLength: 8,
  maxLength: 2000,
  pattern: '^https?://',
  description:
    'The endpoint: https only, and only a name that resolves to public addresses (checked now and before every delivery; redirects are not followed). Plain http to a loopback address only where the operator set WEBHOOK_ALLOW_HTTP_LOOPBACK (local development).',
} as const;

const watchProperties = {
  id: { type: 'string' },
  name: { type: 'string' },
  products: { type: 'array', items: { type: 'string' } },
  search: {
    type: 'object',
    required: ['params'],
    properties: {
      params: { type: 'object', description: 'The searchProducts parameters as given.' },
      interpretation: { type: 'object', description: 'What the search understood of `q` (as meta.interpretation).' },
    },
  },
  events: { type: 'array', items: ref('EventType') },
  url: { type: 'string' },
  status: {
    type: 'string',
    enum: ['active', 'paused', 'disabled'],
    description:
      '`disabled`: the service stopped delivering because the endpoint answered 410 Gone or failed for WEBHOOK_DISABLE_AFTER_MS (`disabled_reason` says which); change it with `paused: false` once the endpoint is fixed.',
  },
  disabled_reason: { type: 'string', nullable: true },
  failing_since: { ...nullableDateTime, description: 'Since when every attempt has failed; null after a success.' },
  previous_secret_expires_at: {
    ...nullableDateTime,
    description: 'After a rotation: until when the replaced secret still signs beside the new one.',
  },
  created_at: dateTime,
  updated_at: dateTime,
} as const;
const watchRequired = [
  'id',
  'name',
  'events',
  'url',
  'status',
  'disabled_reason',
  'failing_since',
  'previous_secret_expires_at',
  'created_at',
  'updated_at',
];
const secret = {
  type: 'string',
  pattern: '^whsec_',
  description:
    'The signing secret (Standard Webhooks `whsec_...`), shown only in this response. The service keeps it encrypted, so that it can sign.',
} as const;

export const WATCH_SCHEMAS: SchemasObject = {
  EventType: { type: 'string', enum: [...EVENT_TYPES] },
  NewWatch: {
    type: 'object',
    required: ['events', 'url'],
    properties: { name: { type: 'string', maxLength: 100 }, products, search, events, url },
    additionalProperties: false,
    // Not a oneOf: ajv would answer an either-or mistake with every branch's errors, where the
    // service names the one rule broken.
    description: `Either \`products\` with events among ${codes(PRODUCT_EVENTS)}, or \`search\` with ${codes(SEARCH_EVENTS)}; not both.`,
  },
  WatchChange: {
    type: 'object',
    minProperties: 1,
    properties: {
      name: { type: 'string', maxLength: 100 },
      products,
      search,
      events,
      url,
      paused: {
        type: 'boolean',
        description: '`true` pauses (no new deliveries); `false` resumes, or re-enables a disabled watch.',
      },
    },
    additionalProperties: false,
  },
  Watch: { type: 'object', required: watchRequired, properties: watchProperties, additionalProperties: false },
  WatchWithSecret: {
    type: 'object',
    required: [...watchRequired, 'secret'],
    properties: { ...watchProperties, secret },
    additionalProperties: false,
  },
  WatchList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Watch') } } },
  DeliveryAttempt: {
    type: 'object',
    required: ['at', 'status', 'latency_ms', 'response'],
    properties: {
      at: dateTime,
      status: { type: 'integer', nullable: true, description: 'HTTP status; null when no answer came.' },
      latency_ms: { type: 'integer' },
      response: { type: 'string', description: 'The first 1,024 bytes of the answer, or what went wrong.' },
    },
    additionalProperties: false,
  },
  Delivery: {
    type: 'object',
    required: ['id', 'event_id', 'event_type', 'status', 'created_at', 'next_attempt_at', 'attempts'],
    properties: {
      id: { type: 'string', description: 'The `webhook-id`: the same on every attempt and redelivery.' },
      event_id: { type: 'string' },
      event_type: { type: 'string' },
      status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
      created_at: dateTime,
      next_attempt_at: nullableDateTime,
      attempts: { type: 'array', items: ref('DeliveryAttempt') },
    },
    additionalProperties: false,
  },
  DeliveryList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Delivery') } } },
};
