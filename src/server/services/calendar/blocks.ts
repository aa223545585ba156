import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { TBlock, ZBlockInput, ZReopenInput } from '#shared/schemas/calendar.ts';
import { AppError, toAppError } from '../../errors.ts';
import {
  blocksOverlapping,
  deleteBlock,
  insertBlock,
  listBlocks,
  resizeBlock,
} from '../../repositories/calendar-blocks.ts';
import { clashingHolds, type TClash } from '../../repositories/calendar-holds.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { checkRangeLength, rangeLabel, requireProperty, subtractRange } from './ranges.ts';

export const BLOCK_NOT_FOUND = 'Block not found';

/** The 409 a block placed over taken dates answers: it names what holds them, a booking first. */
export function clashMessage(clashes: TClash[]): string {
  const booking = clashes.find((c) => c.confirmationNumber);
  if (booking)
    return `These dates overlap booking ${booking.confirmationNumber} (${rangeLabel(booking.startDate, booking.endDate)})`;
  const event = clashes.find((c) => c.feedName);
  if (event)
    return `These dates overlap an event imported from ${event.feedName} (${rangeLabel(event.startDate, event.endDate)})`;
  const block = clashes[0];
  return block
    ? `These dates overlap another block (${rangeLabel(block.startDate, block.endDate)})`
    : 'These dates are no longer available';
}

export async function getBlocks(em: EntityManager, propertyId: number): Promise<TBlock[]> {
  await requireProperty(em, propertyId);
  return listBlocks(em, propertyId);
}

/** What the audit trail keeps of a block: its nights and why (entity 'calendar', id = the home). */
function blockFacts(b: Pick<TBlock, 'id' | 'startDate' | 'endDate' | 'reason' | 'note'>) {
  return { blockId: b.id, startDate: b.startDate, endDate: b.endDate, reason: b.reason, note: b.note };
}

/** Closes a range on a home; never over a booking, another block or an imported event (docs/decisions.md#held-dates). */
export async function createBlock(
  em: EntityManager,
  input: z.output<typeof ZBlockInput>,
  actor: TActor | null,
): Promise<TBlock> {
  checkRangeLength(input.startDate, input.endDate);
  await requireProperty(em, input.id);
  try {
    return await em.transactional(async (tx) => {
      const block = await insertBlock(tx, {
        propertyId: input.id,
        startDate: input.startDate,
        endDate: input.endDate,
        reason: input.reason,
        note: input.note,
      });
      await recordActivity(tx, actor, {
        action: 'block.create',
        entityType: 'calendar',
        entityId: input.id,
        after: blockFacts(block),
      });
      return block;
    });
  } catch (err) {
    if (toAppError(err)?.code !== 'CONFLICT') throw err;
    const clashes = await clashingHolds(em, input.id, input.startDate, input.endDate);
    throw new AppError('CONFLICT', clashMessage(clashes), { details: { clashes } });
  }
}

export async function removeBlock(
  em: EntityManager,
  propertyId: number,
  blockId: number,
  actor: TActor | null,
): Promise<{ ok: true }> {
  return em.transactional(async (tx) => {
    const block = (await listBlocks(tx, propertyId)).find((b) => b.id === blockId);
    if (!block || !(await deleteBlock(tx, propertyId, blockId)))
      throw new AppError('NOT_FOUND', BLOCK_NOT_FOUND);
    await recordActivity(tx, actor, {
      action: 'block.remove',
      entityType: 'calendar',
      entityId: propertyId,
      before: blockFacts(block),
    });
    return { ok: true as const };
  });
}

/** Frees every blocked night in the range: blocks inside it go, blocks reaching past it are trimmed or split. */
export async function reopenRange(
  em: EntityManager,
  input: z.output<typeof ZReopenInput>,
  actor: TActor | null,
): Promise<{ reopened: number }> {
  checkRangeLength(input.startDate, input.endDate);
  await requireProperty(em, input.id);
  return em.transactional(async (tx) => {
    const blocks = await blocksOverlapping(tx, input.id, input.startDate, input.endDate);
    for (const block of blocks) {
      const [first, second] = subtractRange(block, input.startDate, input.endDate);
      if (!first) {
        await deleteBlock(tx, input.id, block.id);
        continue;
      }
      await resizeBlock(tx, block.id, first.startDate, first.endDate);
      if (second) {
        await insertBlock(tx, { ...block, startDate: second.startDate, endDate: second.endDate });
      }
    }
    // One entry for the whole range, even when it touched no block: the operator did reopen it.
    await recordActivity(tx, actor, {
      action: 'blocks.reopen',
      entityType: 'calendar',
      entityId: input.id,
      after: { startDate: input.startDate, endDate: input.endDate, blocksChanged: blocks.length },
    });
    return { reopened: blocks.length };
  });
}
