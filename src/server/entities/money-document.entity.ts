import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { MONEY_DOCUMENT_KINDS } from '#shared/invoices.ts';
import { oneOf } from './base.entity.ts';
import { Booking } from './booking.entity.ts';

/**
 * An invoice or credit note as issued (docs/invoices.md): its number, and in `content` everything its PDF
 * shows, so downloading it again gives the same document however the booking changes later. Never updated.
 * `event` names what issued it (`invoice`, `cancellation`, `adjustment:<line id>`), once per booking.
 */
export const MoneyDocument = defineEntity({
  name: 'MoneyDocument',
  tableName: 'money_documents',
  properties: {
    id: p.integer().primary().autoincrement(),
    booking: () => p.manyToOne(Booking).deleteRule('cascade').index(),
    kind: p.string().length(12),
    number: p.string().length(20).unique(),
    event: p.string().length(60),
    issuedAt: p.datetime(),
    currency: p.string().length(3),
    total: p.integer(),
    /** The last ledger line issued with it: an invoice covers the adjustments up to here. */
    ledgerUpto: p.integer(),
    content: p.json<Record<string, unknown>>(),
  },
  uniques: [{ name: 'money_documents_event_unique', properties: ['booking', 'event'] }],
  checks: [{ name: 'money_documents_kind_check', expression: oneOf('kind', MONEY_DOCUMENT_KINDS) }],
});
export type IMoneyDocument = InferEntity<typeof MoneyDocument>;
