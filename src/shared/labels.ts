import { DEFAULT_RATING, type TPropertyType } from './constants.ts';

/** '1 night', '3 nights': the one pluralising helper (`many` defaults to `one` + 's'). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function guestsLabel(n: number): string {
  return plural(n, 'guest');
}

/**
 * Who stays, as every screen and email says it: the guests counted (adults and children), then infants
 * and pets when they come: '3 guests, 1 infant, 1 pet' (docs/booking-operations.md#guests).
 */
export function partyLabel(b: {
  guests: number;
  infants?: number | undefined;
  pets?: number | undefined;
}): string {
  return [
    guestsLabel(b.guests),
    b.infants ? plural(b.infants, 'infant') : null,
    b.pets ? plural(b.pets, 'pet') : null,
  ]
    .filter((part): part is string => part !== null)
    .join(', ');
}

export function nightsLabel(n: number): string {
  return plural(n, 'night');
}

/** The spec's fallback when a property has no type: Villa with more than one bedroom, else Apartment. */
export function propertyTypeLabel(type: string | null | undefined, bedrooms: number): string {
  const t: string = type && type.length > 0 ? type : bedrooms > 1 ? 'villa' : 'apartment';
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function isPropertyType(value: string): value is TPropertyType {
  return ['apartment', 'house', 'cabin', 'villa'].includes(value);
}

/** A rating as guests see it everywhere: 4.9 when there is none yet (docs/product.md#guest-data), else up to two decimals ('4.67', '4.5', '5.0'). */
export function ratingLabel(rating: number | null): string {
  const value = rating ?? DEFAULT_RATING;
  const fixed = value.toFixed(2);
  return fixed.endsWith('0') ? value.toFixed(1) : fixed;
}

export function reviewsLabel(n: number): string {
  return plural(n, 'review');
}
