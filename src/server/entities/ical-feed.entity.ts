import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BaseEntity } from './base.entity.ts';
import { Property } from './property.entity.ts';

/**
 * A channel of a home (e.g. 'Airbnb'): its calendar imported, with what its last sync saw, and our export
 * URL for it. An export-only channel has no URL: it only reads our calendar (docs/features.md#calendar-hub).
 */
export const IcalFeed = defineEntity({
  name: 'IcalFeed',
  tableName: 'ical_feeds',
  extends: BaseEntity,
  properties: {
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    name: p.string().length(60),
    url: p.string().length(2000).nullable(),
    etag: p.string().length(500).nullable(),
    lastModified: p.string().length(100).nullable(),
    lastSyncAt: p.datetime().nullable(),
    lastError: p.string().length(500).nullable(),
    /** This channel's export also carries the stays imported from the home's other feeds (docs/features.md#calendar-hub). */
    exportImported: p.boolean().default(true),
  },
});
export type IIcalFeed = InferEntity<typeof IcalFeed>;
