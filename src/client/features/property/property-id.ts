/** Route ids must be whole positive numbers (guest-side §2); anything else is 'Invalid Property ID'. */
export function parsePropertyId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
