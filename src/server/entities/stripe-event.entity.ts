import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';

/** Each Stripe webhook event id, once: a replayed event finds its row and records nothing. */
export const StripeEvent = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_events',
  properties: {
    id: p.string().length(100).primary(),
    type: p.string().length(100),
    receivedAt: createdAtProperty(),
  },
});
export type IStripeEvent = InferEntity<typeof StripeEvent>;
