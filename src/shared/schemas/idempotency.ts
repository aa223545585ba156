import { z } from 'zod';

/** The header a client sends so that a repeated write returns the first answer (docs/resilience.md#idempotency). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_KEY_INVALID =
  'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces), one key per attempt';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const IDEMPOTENCY_IN_PROGRESS =
  'A request with this Idempotency-Key is still being processed. Please try again in a moment.';

/** Visible ASCII only: a key travels in a header, and a space would let two joined headers pass as one. */
export const ZIdempotencyKey = z
  .string({ error: IDEMPOTENCY_KEY_INVALID })
  .regex(/^[\x21-\x7e]{1,255}$/, { error: IDEMPOTENCY_KEY_INVALID });

/** The header as the OpenAPI document shows it for an idempotent operation. */
export const ZIdempotencyHeaders = z.object({
  'idempotency-key': ZIdempotencyKey.optional().meta({
    description:
      'One key per attempt (a random UUID, say). A repeat with the same key and body answers as the first call did and creates nothing; the same key with another body is 422. Kept at least 24 hours.',
  }),
});
