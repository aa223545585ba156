import { LOCATIONS } from '#shared/constants.ts';

/** Built-in suggestions whose name contains the typed text, ignoring case (docs/product.md#guest-validation). */
export function suggestLocations(text: string): string[] {
  const q = text.trim().toLowerCase();
  return LOCATIONS.map((l) => l.name).filter((name) => name.toLowerCase().includes(q));
}
