import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Failed-login counters shared by every server instance (docs/decisions.md#sessions, #stateless). */
export const RateLimit = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: {
    key: p.string().length(300).primary(),
    count: p.integer().default(0),
    windowStart: p.datetime().defaultRaw('now()'),
  },
});
export type IRateLimit = InferEntity<typeof RateLimit>;
