// The values a calculation reads off a product, each with its unit and provenance, so an answer can
// say which value from which record it used. A product of the wrong category, or without a value the
// calculation needs, is named in one 400 problem that lists everything missing at once.
import { AppError, type FieldError } from '../errors/app-error';
import { inputsProblem } from '../errors/catalog';
import { SPECS, type Category, type SpecName } from '../catalog/spec-catalog';
import type { Provenance } from '../catalog/provenance';
import type { Projection } from '../catalog/search-document';

/** What the calculations read from the index: identity, values and where each value comes from. */
export const DESIGN_SOURCE = ['id', 'model', 'manufacturer', 'category', 'specs', 'detail.provenance'] as const;

export type DesignProduct = Projection<(typeof DESIGN_SOURCE)[number]>;

export interface Input {
  readonly value: number;
  readonly unit?: string;
  readonly provenance: Provenance;
}

/** A needed value: why it is needed, and the values the formulas cannot use. */
export interface Need {
  readonly purpose: string;
  readonly positive?: true;
}

/** Collects what is missing across the products of one request, then fails once. */
export class Inputs {
  private readonly problems: FieldError[] = [];

  /** `where`: whether the products are named in the path or the query. */
  constructor(private readonly where: FieldError['in']) {}

  /** `param`: the parameter that named the product. */
  category(param: string, product: DesignProduct, category: Category): boolean {
    if (product.category === category) return true;
    this.problems.push({
      in: this.where,
      name: param,
      message: `names '${product.id}', ${withArticle(product.category)}, not ${withArticle(category)}`,
    });
    return false;
  }

  /** The needed values of `product`; a missing or unusable one is recorded, and comes back as undefined. */
  read<N extends SpecName>(
    param: string,
    product: DesignProduct,
    needs: Readonly<Record<N, Need>>,
  ): Partial<Record<N, Input>> {
    return collect(product, needs, (need, message) =>
      this.problems.push({
        in: this.where,
        name: param,
        message: `names '${product.id}', ${message} (${need.purpose})`,
      }),
    );
  }

  /** Records a problem of `product` that no single value shows (`message` follows its name). */
  reject(param: string, product: DesignProduct, message: string): void {
    this.problems.push({ in: this.where, name: param, message: `names '${product.id}', ${message}` });
  }

  /** No problem recorded so far: every value read is there. */
  get complete(): boolean {
    return this.problems.length === 0;
  }

  /** Throws the 400 naming every problem recorded, if any; otherwise every read value is present. */
  check(): void {
    if (this.problems.length === 0) return;
    throw new AppError(inputsProblem('UNSUITABLE_PRODUCT', this.problems));
  }
}

/** The values of `product` that are there and usable; the others are left out, not refused. */
export function readOptional<N extends SpecName>(
  product: DesignProduct,
  needs: Readonly<Record<N, Need>>,
): Partial<Record<N, Input>> {
  return collect(product, needs, () => undefined);
}

function collect<N extends SpecName>(
  product: DesignProduct,
  needs: Readonly<Record<N, Need>>,
  refuse: (need: Need, message: string) => void,
): Partial<Record<N, Input>> {
  const out: Partial<Record<N, Input>> = {};
  for (const [name, need] of Object.entries(needs) as [N, Need][]) {
    const value = product.specs[name];
    const provenance = product.detail.provenance[name];
    if (typeof value !== 'number' || !provenance) refuse(need, `which has no ${name}`);
    else if (need.positive && !(value > 0)) refuse(need, `whose ${name} is ${value}; the calculation needs it above 0`);
    else {
      const unit = SPECS[name].unit;
      out[name] = { value, ...(unit ? { unit } : {}), provenance };
    }
  }
  return out;
}

/** The plain values of inputs checked complete. */
export function valuesOf<N extends string>(inputs: Partial<Record<N, Input>>): Record<N, number> {
  return Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, (input as Input).value])) as Record<
    N,
    number
  >;
}

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
