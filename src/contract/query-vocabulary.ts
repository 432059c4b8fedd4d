// The words collection queries understand: sort keys, projectable fields and the range syntax.
import { SPEC_NAMES, isNumericSpec } from '../products/spec-catalog';

export const NUMERIC_SPECS = SPEC_NAMES.filter(isNumericSpec);

/** Sort keys; `specs.<numeric spec>` sorts by that spec (products without it last). */
export const SORT_VALUES = ['model', 'manufacturer', 'category', 'id', ...NUMERIC_SPECS.map((s) => `specs.${s}`)];

/** Top-level fields a `fields` projection may name; `specs.<name>` picks single specs. */
export const FIELD_VALUES = ['id', 'model', 'manufacturer', 'category', 'variant', 'aliases', 'specs', 'quality'];

export const RANGE_PARAM_PATTERN = '^specs\\.([a-z0-9_]+)\\[(gte|gt|lte|lt)\\]$';
