// Product ids: URL-safe, readable, derived only from manufacturer, model and variant, so the same
// product gets the same id on every machine and every seed.

export function productSlug(manufacturer: string, model: string, variant: string): string {
  const slug = [manufacturer, model, variant]
    .filter(Boolean)
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 120).replace(/-+$/, '') || 'product';
}

/** Every id productSlug makes matches this. */
export const PRODUCT_ID_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
