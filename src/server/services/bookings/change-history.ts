import { formatIsoDate } from '#shared/dates.ts';
import { formatMoney, toMajor } from '#shared/money.ts';
import { BOOKING_SOURCE_LABELS, type TBookingSource } from '#shared/operator-bookings.ts';
import type { TActivity } from '#shared/schemas/activity.ts';
import type { TBookingStatus } from '#shared/constants.ts';

/**
 * The entries of a booking's history that are not status changes: entered by the operator, changed,
 * a change asked for or declined (docs/booking-operations.md). Each says what happened in one line.
 */
export interface TChangeEntry {
  at: string;
  actorName: string;
  action: string;
  from: null;
  to: TBookingStatus;
  detail: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : null);

function datesOf(checkIn: unknown, checkOut: unknown): string {
  return checkIn && checkOut ? `${formatIsoDate(str(checkIn))} – ${formatIsoDate(str(checkOut))}` : '';
}

function changeDetail(c: TActivity['changes']): string {
  const parts: string[] = [];
  const was = (k: string) => c[k]?.before;
  const now = (k: string) => (k in c ? c[k]?.after : undefined);
  if ('checkIn' in c || 'checkOut' in c) {
    const inBefore = was('checkIn') ?? now('checkIn');
    const outBefore = was('checkOut') ?? now('checkOut');
    // A field that did not change is absent from the diff: the other side is the same as before.
    const inAfter = 'checkIn' in c ? now('checkIn') : inBefore;
    const outAfter = 'checkOut' in c ? now('checkOut') : outBefore;
    parts.push(`Dates ${datesOf(inBefore, outBefore)} → ${datesOf(inAfter, outAfter)}`);
  }
  if ('propertyId' in c) parts.push(`Home #${String(was('propertyId'))} → #${String(now('propertyId'))}`);
  if ('guests' in c) parts.push(`Guests ${String(was('guests'))} → ${String(now('guests'))}`);
  for (const k of ['children', 'infants', 'pets'] as const)
    if (k in c) parts.push(`${k[0]?.toUpperCase()}${k.slice(1)} ${String(was(k))} → ${String(now(k))}`);
  const before = num(was('totalPrice'));
  const after = num(now('totalPrice'));
  if (before !== null && after !== null)
    parts.push(`Total ${formatMoney(toMajor(before))} → ${formatMoney(toMajor(after))}`);
  return parts.join(' · ');
}

export function changeEntries(activity: TActivity[], status: TBookingStatus): TChangeEntry[] {
  return activity.flatMap((a): TChangeEntry[] => {
    const base = { at: a.createdAt, actorName: a.actorName, action: a.action, from: null, to: status };
    const after = (k: string) => a.changes[k]?.after;
    switch (a.action) {
      case 'booking.create_by_operator': {
        const source = BOOKING_SOURCE_LABELS[str(after('source')) as TBookingSource] ?? 'the operator';
        const reason = str(after('overrideReason'));
        return [
          {
            ...base,
            detail: `Entered by the operator (${source})${reason ? ` · price set by hand: ${reason}` : ''}`,
          },
        ];
      }
      case 'booking.change':
        return [{ ...base, detail: `Changed: ${changeDetail(a.changes)}` }];
      case 'booking.change_request':
        return [
          {
            ...base,
            detail: `The guest asked for ${datesOf(after('checkIn'), after('checkOut'))}, ${String(after('guests'))} guests`,
          },
        ];
      case 'booking.change_declined': {
        const reason = str(after('reason'));
        return [{ ...base, detail: `Change request declined${reason ? `: ${reason}` : ''}` }];
      }
      // Online check-in (docs/check-in.md): the check-in, each door code reveal, the ID photo's deletion.
      case 'booking.check_in':
        return [{ ...base, detail: 'Checked in online' }];
      case 'booking.door_code_reveal':
        return [
          { ...base, detail: `Door code ${str(after('doorCode'))} shown to the ${str(after('revealedTo'))}` },
        ];
      case 'booking.id_photo_deleted':
        return [{ ...base, detail: 'ID photo deleted' }];
      default:
        return [];
    }
  });
}

/**
 * The drawer's history with these entries added, in time order. A booking the operator entered was never
 * pending: its 'Booked (Pending)' line gives way to the operator's entry.
 */
export function historyWithChanges<T extends { at: string; action: string }>(
  history: T[],
  activity: TActivity[],
  status: TBookingStatus,
): (T | TChangeEntry)[] {
  const entered = activity.some((a) => a.action === 'booking.create_by_operator');
  return [
    ...history.filter((h) => !(entered && h.action === 'booking.create')),
    ...changeEntries(activity, status),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
