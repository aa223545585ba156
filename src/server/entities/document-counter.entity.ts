import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The last number issued in a series of money documents (`INV-2027`, `CN-2027`). The issuing transaction
 * takes its row lock while it adds one, so numbers follow each other without gaps: a transaction that rolls
 * back gives its number back with it, which a sequence would not.
 */
export const DocumentCounter = defineEntity({
  name: 'DocumentCounter',
  tableName: 'document_counters',
  properties: {
    series: p.string().length(12).primary(),
    last: p.integer(),
  },
});
export type IDocumentCounter = InferEntity<typeof DocumentCounter>;
