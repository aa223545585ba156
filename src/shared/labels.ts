import type { TPropertyType } from './constants.ts';

export function guestsLabel(n: number): string {
  return n === 1 ? '1 guest' : `${n} guests`;
}

/** The spec's fallback when a property has no type: Villa with more than one bedroom, else Apartment. */
export function propertyTypeLabel(type: string | null | undefined, bedrooms: number): string {
  const t: string = type && type.length > 0 ? type : bedrooms > 1 ? 'villa' : 'apartment';
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function isPropertyType(value: string): value is TPropertyType {
  return ['apartment', 'house', 'cabin', 'villa'].includes(value);
}
