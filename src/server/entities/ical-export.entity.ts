import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty } from './base.entity.ts';
import { Property } from './property.entity.ts';

/**
 * A home's secret export feed (docs/decisions.md#secret-links). The token is HMAC(secret, property + nonce): the database keeps
 * the nonce and the token's SHA-256, never the token, and the admin can still be shown the URL.
 */
export const IcalExport = defineEntity({
  name: 'IcalExport',
  tableName: 'ical_exports',
  properties: {
    property: () => p.oneToOne(Property).owner().primary().deleteRule('cascade'),
    nonce: p.string().length(32),
    tokenHash: p.string().length(64).unique(),
    createdAt: createdAtProperty(),
  },
});
export type IIcalExport = InferEntity<typeof IcalExport>;
