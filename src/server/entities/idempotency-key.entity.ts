import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';

/**
 * One Idempotency-Key of one procedure (docs/resilience.md#idempotency). Found by a hash of the procedure
 * and key; the answer is sealed with a key derived from the Idempotency-Key, which only its client holds,
 * so the manage token inside it is never readable here. A claim that never answered is taken over after
 * a while; rows are purged a day after they were made.
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    keyHash: p.string().length(64).primary(),
    procedure: p.string().length(100),
    /** An HMAC of the request's input under the derived key: the same key with another body is refused. */
    fingerprint: p.string().length(64),
    /** Which attempt holds the key while it runs. */
    claim: p.string().length(32),
    claimedAt: p.datetime().defaultRaw('now()'),
    /** AES-256-GCM: iv, tag and ciphertext, base64; null while the first attempt runs. */
    answer: p.text().nullable(),
    /** The answer's `id` when the statement that made it assigned it (a booking); not secret. */
    resourceId: p.integer().nullable(),
    createdAt: createdAtProperty().index('idempotency_keys_created_at_idx'),
  },
});
export type IIdempotencyKey = InferEntity<typeof IdempotencyKey>;
