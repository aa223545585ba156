/**
 * The idempotency header's name and answers. Free of zod: the checkout reads the "still being processed"
 * answer to tell a repeated Confirm from a failure, and its first render would otherwise build zod.
 */

/** The header a client sends so that a repeated write returns the first answer (docs/resilience.md#idempotency). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_KEY_INVALID =
  'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces), one key per attempt';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const IDEMPOTENCY_IN_PROGRESS =
  'A request with this Idempotency-Key is still being processed. Please try again in a moment.';
