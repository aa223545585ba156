import { daysBetween, formatIsoDate } from '#shared/dates.ts';
import { AppError } from '../../errors.ts';
import { propertyIsListed } from '../../repositories/properties.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';

/** The longest range a block, season or calendar view may span. */
export const MAX_RANGE_DAYS = 731;

export function checkRangeLength(startDate: string, endDate: string): void {
  if (daysBetween(startDate, endDate) > MAX_RANGE_DAYS)
    throw new AppError('VALIDATION', `A range can span at most ${MAX_RANGE_DAYS} days`);
}

export async function requireProperty(em: EntityManager, propertyId: number): Promise<void> {
  if (!(await propertyIsListed(em, propertyId))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
}

/** `Dec 1, 2026 to Dec 5, 2026`: how a message names a range (the end day is the first free day). */
export function rangeLabel(startDate: string, endDate: string): string {
  return `${formatIsoDate(startDate, true)} to ${formatIsoDate(endDate, true)}`;
}

/** What is left of [a, b) once [start, end) is taken out of it: nothing, one piece or two. */
export function subtractRange(
  a: { startDate: string; endDate: string },
  start: string,
  end: string,
): { startDate: string; endDate: string }[] {
  const pieces: { startDate: string; endDate: string }[] = [];
  if (a.startDate < start)
    pieces.push({ startDate: a.startDate, endDate: start < a.endDate ? start : a.endDate });
  if (a.endDate > end) pieces.push({ startDate: end > a.startDate ? end : a.startDate, endDate: a.endDate });
  return pieces;
}
