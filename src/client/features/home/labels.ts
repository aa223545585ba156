import { DEFAULT_RATING } from '../../../shared/constants.ts';

/** A card's rating: 4.9 when there is none yet (guest-side §3), else up to two decimals ('4.67', '4.5', '5.0'). */
export function ratingLabel(rating: number | null): string {
  const value = rating ?? DEFAULT_RATING;
  const fixed = value.toFixed(2);
  return fixed.endsWith('0') ? value.toFixed(1) : fixed;
}

/** The review count beside a card's rating: '(12)'. */
export function reviewCountLabel(count: number): string {
  return `(${count})`;
}
