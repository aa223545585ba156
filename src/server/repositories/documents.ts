import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TMoneyDocument, TMoneyDocumentKind } from '#shared/invoices.ts';
import { db, isoTimestamp } from './db.ts';

/** Invoices and credit notes as issued (docs/invoices.md), and the counters that number them. */

export interface TDocumentRow {
  kind: TMoneyDocumentKind;
  number: string;
  event: string;
  issuedAt: string;
  currency: string;
  total: number;
  ledgerUpto: number;
}

export async function listDocuments(em: EntityManager, bookingId: number): Promise<TDocumentRow[]> {
  const rows = await db(em)
    .selectFrom('money_documents')
    .select([
      'kind',
      'number',
      'event',
      isoTimestamp('issued_at').as('issued_at'),
      'currency',
      'total',
      'ledger_upto',
    ])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    kind: r.kind as TMoneyDocumentKind,
    number: r.number,
    event: r.event,
    issuedAt: r.issued_at,
    currency: r.currency,
    total: r.total,
    ledgerUpto: r.ledger_upto,
  }));
}

/** A booking's document by its number, as issued; null when the booking has none by that number. */
export async function findDocument(
  em: EntityManager,
  bookingId: number,
  number: string,
): Promise<TMoneyDocument | null> {
  const r = await db(em)
    .selectFrom('money_documents')
    .select('content')
    .where('booking_id', '=', bookingId)
    .where('number', '=', number)
    .executeTakeFirst();
  return r ? (r.content as unknown as TMoneyDocument) : null;
}

/**
 * The next number of a series: the counter row is created or moved on and stays locked until the issuing
 * transaction ends, so two issuers go in turn and a rolled-back issue leaves no gap.
 */
export async function nextInSeries(tx: EntityManager, series: string): Promise<number> {
  const r = await db(tx)
    .insertInto('document_counters')
    .values({ series, last: 1 })
    .onConflict((oc) => oc.column('series').doUpdateSet({ last: sql`document_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return r.last;
}

export async function insertDocument(
  tx: EntityManager,
  d: { bookingId: number; event: string; issuedAt: Date; ledgerUpto: number; content: TMoneyDocument },
): Promise<void> {
  await db(tx)
    .insertInto('money_documents')
    .values({
      booking_id: d.bookingId,
      kind: d.content.kind,
      number: d.content.number,
      event: d.event,
      issued_at: d.issuedAt,
      currency: d.content.currency,
      total: d.content.total,
      ledger_upto: d.ledgerUpto,
      content: sql<Record<string, unknown>>`${JSON.stringify(d.content)}::jsonb`,
    })
    .execute();
}
