// Value shapes the schemas of several tags share: a spec's value and where in a source file it stands.

export const specValue = {
  oneOf: [{ type: 'number' }, { type: 'string' }, { type: 'boolean' }, { type: 'array', items: { type: 'number' } }],
} as const;

export const locator = {
  type: 'object',
  required: ['file', 'record', 'line', 'column'],
  properties: {
    file: { type: 'string' },
    record: { type: 'integer', minimum: 1 },
    line: { type: 'integer', minimum: 1 },
    column: { type: 'string' },
    pointer: {
      type: 'string',
      description: "In a JSON source, the value's RFC 6901 JSON pointer (`/Battery/3/Capacity`); `column` is its key.",
    },
  },
  additionalProperties: false,
};
