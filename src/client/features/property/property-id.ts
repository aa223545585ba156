import { ID_MAX } from '#shared/url-search.ts';

/** Route ids must be whole positive numbers (docs/product.md#guest-pages); anything else is 'Invalid Property ID'. */
export function parsePropertyId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= ID_MAX ? id : undefined;
}
