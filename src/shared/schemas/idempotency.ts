import { z } from 'zod';

import { IDEMPOTENCY_KEY_INVALID } from './idempotency-terms.ts';

export * from './idempotency-terms.ts';

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
