import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingStatus } from '#shared/constants.ts';
import { addDays, formatIsoDate } from '#shared/dates.ts';
import {
  DAY_COUNT_TRIGGERS,
  PRIVATE_VARIABLES,
  TIMED_TRIGGERS,
  type THomeGuide,
  type TMessageTrigger,
  type TTemplate,
  type TTemplateVariable,
} from '#shared/schemas/messaging.ts';
import { AppError } from '../../errors.ts';
import {
  cancelScheduled,
  deleteTemplateRow,
  enabledTemplates,
  findHomeGuide,
  findMessageBooking,
  findTemplate,
  insertEventMessages,
  insertTemplate,
  listTemplates,
  lockDueMessage,
  saveHomeGuide,
  scheduledOfBooking,
  setScheduled,
  updateTemplateRow,
  upcomingMessageBookings,
  upsertScheduled,
  type TMessageBooking,
  type TTemplateFields,
} from '../../repositories/message-templates.ts';
import { ensureBookingConversation } from '../../repositories/messaging.ts';
import { BOOKING_NOT_FOUND, issueManageLink } from '../bookings/manage.ts';
import { managePath } from '../bookings/manage-links.ts';
import { absoluteUrl } from '../email/outbox.ts';
import { usd } from '../email/render.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { homeExists, updateHomeSettings } from '../properties/home-settings.ts';
import { findPlan, listLines } from '../../repositories/payments.ts';
import { totalsOf } from '../payments/ledger.ts';
import { postMessage } from './threads.ts';
import { dueAt, instantAtHome } from './schedule.ts';
import { doorCodeForMessage } from '../bookings/door-codes.ts';

/**
 * Automated messages (docs/messaging.md#automated-messages). Each enabled template gives a booking at most
 * one message (`scheduled_messages`, unique per booking and template): timed ones are planned at the
 * home's local time and moved when the stay's dates change; event ones are due when the event happens.
 * The queue's sweep sends what is due, each in its own transaction, once.
 */

export const TEMPLATE_NOT_FOUND = 'Template not found';
/** A new or changed template is planned for at most this many upcoming bookings at once. */
const PLAN_BATCH = 5000;

/** A message sent before the home's set point says this instead of a private detail. */
export const WITHHELD = '(sent to you closer to your arrival)';

const EVENT_OF_STATUS: Partial<Record<TBookingStatus, TMessageTrigger>> = {
  confirmed: 'booking_confirmed',
  cancelled: 'booking_cancelled',
};

// ---- templates -------------------------------------------------------------------------------------

interface TTemplateInput {
  name: string;
  trigger: TMessageTrigger;
  offsetDays?: number | undefined;
  sendTime?: string | null | undefined;
  body: string;
  enabled?: boolean | undefined;
}

function fields(v: TTemplateInput): TTemplateFields {
  return {
    name: v.name,
    trigger: v.trigger,
    offsetDays: DAY_COUNT_TRIGGERS.includes(v.trigger) ? (v.offsetDays ?? 1) : 0,
    sendTime: TIMED_TRIGGERS.includes(v.trigger) ? (v.sendTime ?? null) : null,
    body: v.body,
    enabled: v.enabled ?? true,
  };
}

export async function templates(em: EntityManager): Promise<{ items: TTemplate[] }> {
  return { items: await listTemplates(em) };
}

async function mustFind(em: EntityManager, id: number): Promise<TTemplate> {
  const t = await findTemplate(em, id);
  if (!t) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return t;
}

export async function createTemplate(
  em: EntityManager,
  input: TTemplateInput,
  actor: TActor,
  now = new Date(),
): Promise<TTemplate> {
  return em.transactional(async (tx) => {
    const id = await insertTemplate(tx, fields(input));
    const t = await mustFind(tx, id);
    await planTemplate(tx, t, now);
    await recordActivity(tx, actor, {
      action: 'message_template.create',
      entityType: 'message_template',
      entityId: t.id,
      after: auditedTemplate(t),
    });
    return t;
  });
}

/** What the audit trail keeps of a template: its settings and its text. */
function auditedTemplate(t: TTemplate): Record<string, unknown> {
  return { name: t.name, trigger: t.trigger, enabled: t.enabled, body: t.body };
}

export async function updateTemplate(
  em: EntityManager,
  id: number,
  input: TTemplateInput,
  actor: TActor,
  now = new Date(),
): Promise<TTemplate> {
  return em.transactional(async (tx) => {
    const before = await findTemplate(tx, id);
    if (!before || !(await updateTemplateRow(tx, id, fields(input))))
      throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    const t = await mustFind(tx, id);
    await planTemplate(tx, t, now);
    await recordActivity(tx, actor, {
      action: 'message_template.update',
      entityType: 'message_template',
      entityId: t.id,
      before: auditedTemplate(before),
      after: auditedTemplate(t),
    });
    return t;
  });
}

export async function deleteTemplate(em: EntityManager, id: number, actor: TActor): Promise<{ ok: true }> {
  return em.transactional(async (tx) => {
    const before = await findTemplate(tx, id);
    if (!before || !(await deleteTemplateRow(tx, id))) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    await recordActivity(tx, actor, {
      action: 'message_template.delete',
      entityType: 'message_template',
      entityId: id,
      before: auditedTemplate(before),
    });
    return { ok: true as const };
  });
}

/**
 * A timed template was saved: its messages for upcoming stays are planned, or moved; a disabled one's
 * are cancelled. Only instants still ahead are planned, so a new template never sends what is past.
 */
async function planTemplate(tx: EntityManager, t: TTemplate, now: Date): Promise<void> {
  if (!TIMED_TRIGGERS.includes(t.trigger)) return;
  if (!t.enabled) {
    await cancelScheduled(tx, { templateId: t.id });
    return;
  }
  const from = addDays(now.toISOString().slice(0, 10), -1);
  const bookings = await upcomingMessageBookings(tx, from, PLAN_BATCH);
  const rows = bookings.flatMap((b) => {
    const due = dueAt(t, b, b.timeZone);
    return due && due > now ? [{ bookingId: b.id, templateId: t.id, dueAt: due }] : [];
  });
  await upsertScheduled(tx, rows);
}

// ---- a booking's plan -----------------------------------------------------------------------------

/**
 * Plans a booking's timed messages from its current dates and status (docs/messaging.md): new ones
 * only while still ahead, scheduled ones moved to their new time, all of them cancelled once the booking
 * is. Call it whenever a booking's dates or status change.
 */
export async function planBookingMessages(
  em: EntityManager,
  bookingId: number,
  now = new Date(),
): Promise<void> {
  const b = await findMessageBooking(em, bookingId);
  if (!b) return;
  if (b.status === 'cancelled') {
    await cancelScheduled(em, { bookingId, keepTriggers: ['booking_cancelled'] });
    return;
  }
  const timed = await enabledTemplates(em, TIMED_TRIGGERS);
  const rows = timed.flatMap((t) => {
    const due = dueAt(t, b, b.timeZone);
    return due && due > now ? [{ bookingId, templateId: t.id, dueAt: due }] : [];
  });
  await upsertScheduled(em, rows);
}

/** An event happened to a booking: its templates' messages are due now (once per booking and template). */
export async function bookingEvent(
  em: EntityManager,
  bookingId: number,
  trigger: TMessageTrigger,
  now = new Date(),
): Promise<void> {
  const ts = await enabledTemplates(em, [trigger]);
  await insertEventMessages(
    em,
    ts.map((t) => ({ bookingId, templateId: t.id, dueAt: now })),
  );
}

/** A booking's status changed (the operator, or the guest cancelling): its events, then its plan. */
export async function bookingStatusChanged(
  em: EntityManager,
  bookingId: number,
  before: TBookingStatus | undefined,
  after: TBookingStatus,
  now = new Date(),
): Promise<void> {
  if (before === after) return;
  const event = EVENT_OF_STATUS[after];
  if (event) await bookingEvent(em, bookingId, event, now);
  await planBookingMessages(em, bookingId, now);
}

// ---- rendering --------------------------------------------------------------------------------------

/** From this instant on, messages to the booking may carry the home's private details. */
export function privateFrom(b: Pick<TMessageBooking, 'checkIn' | 'timeZone'>, guide: THomeGuide): Date {
  return instantAtHome(addDays(b.checkIn, -guide.privateFromDays), '00:00', b.timeZone);
}

export function privateReleased(b: TMessageBooking, guide: THomeGuide, at: Date): boolean {
  return b.status === 'confirmed' && at >= privateFrom(b, guide);
}

const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * A template's text for a booking, as it is at `at`. The Wi-Fi is filled in only from the home's set point
 * on and for a confirmed stay; before it, it reads WITHHELD. The door code follows the stay's own reveal
 * rule (docs/check-in.md#door-codes); a real send (`makeLinks`) that carries it is logged as a reveal. The
 * manage link is made only when the text asks for it (each is a fresh link, as only hashes are kept).
 */
export async function renderTemplate(
  em: EntityManager,
  body: string,
  b: TMessageBooking,
  at: Date,
  opts: { makeLinks: boolean },
): Promise<{ text: string; privateIncluded: boolean }> {
  const guide = await findHomeGuide(em, b.home.id);
  const released = privateReleased(b, guide, at);
  const used = new Set([...body.matchAll(VARIABLE)].map((m) => m[1]));
  let manageLink = '';
  if (used.has('manage_link'))
    manageLink = opts.makeLinks
      ? absoluteUrl(managePath(await issueManageLink(em, b.id, b.checkOut)))
      : absoluteUrl('/manage/…');
  const values: Record<TTemplateVariable, string> = {
    guest_name: b.guestName,
    home: b.home.title,
    check_in_date: formatIsoDate(b.checkIn, true),
    check_in_time: guide.checkInTime ?? '',
    check_out_date: formatIsoDate(b.checkOut, true),
    check_out_time: guide.checkOutTime ?? '',
    address: b.home.location,
    check_in_instructions: guide.checkInInstructions ?? '',
    house_rules: guide.houseRules ?? '',
    // The stay's own code, by its own rule (docs/check-in.md#door-codes); a real send records the reveal.
    door_code: used.has('door_code')
      ? await doorCodeForMessage(
          em,
          { id: b.id, propertyId: b.home.id, status: b.status, checkIn: b.checkIn, timeZone: b.timeZone },
          at,
          { recordReveal: opts.makeLinks },
        )
      : '',
    wifi_name: guide.wifiName ?? '',
    wifi_password: guide.wifiPassword ?? '',
    manage_link: manageLink,
    balance_due: used.has('balance_due') ? await balanceDue(em, b.id, b.totalPrice) : '',
  };
  if (!released) for (const key of PRIVATE_VARIABLES) if (key !== 'door_code') values[key] = WITHHELD;
  return { text: fillVariables(body, values), privateIncluded: released };
}

/** Fills each `{{variable}}` of `body` that `values` has; any other stays as written. */
export function fillVariables(body: string, values: Partial<Record<TTemplateVariable, string>>): string {
  return body.replace(VARIABLE, (whole, name: string) =>
    // Only the template's own variables: `in` would also find the prototype's (`{{constructor}}`).
    Object.hasOwn(values, name) ? (values[name as TTemplateVariable] ?? whole) : whole,
  );
}

/** What the guest still owes by the booking's ledger; the whole total for a booking without a payment plan. */
async function balanceDue(em: EntityManager, bookingId: number, totalPrice: number): Promise<string> {
  const [plan, lines] = await Promise.all([findPlan(em, bookingId), listLines(em, bookingId)]);
  if (!plan) return usd(totalPrice);
  return usd(totalsOf(plan, lines).balanceDue);
}

// ---- sending ----------------------------------------------------------------------------------------

/**
 * Sends every scheduled message due at `now`, each in its own transaction (locked, so two workers never
 * send one): it goes into the booking's conversation and to the guest by e-mail, and is marked sent.
 * Checked again at sending: a cancelled booking's message is cancelled, and one whose stay moved later is
 * put off to its new time. Answers how many were sent.
 */
export async function sendDueMessages(em: EntityManager, now = new Date(), max = 200): Promise<number> {
  let sent = 0;
  for (let i = 0; i < max; i++) {
    const outcome = await em.fork().transactional(async (tx) => {
      const due = await lockDueMessage(tx, now);
      if (!due) return 'none' as const;
      const b = await findMessageBooking(tx, due.bookingId);
      const t = due.template;
      if (!b || !t.enabled || (b.status === 'cancelled' && t.trigger !== 'booking_cancelled')) {
        await setScheduled(tx, due.id, { status: 'cancelled' });
        return 'skipped' as const;
      }
      const planned = dueAt(t, b, b.timeZone);
      if (planned && planned > now) {
        await setScheduled(tx, due.id, { dueAt: planned });
        return 'skipped' as const;
      }
      const conversationId = await ensureBookingConversation(tx, b.id);
      if (conversationId === null || !b.contactInfo?.email) {
        await setScheduled(tx, due.id, { status: 'cancelled' });
        return 'skipped' as const;
      }
      const { text } = await renderTemplate(tx, t.body, b, now, { makeLinks: true });
      const message = await postMessage(tx, conversationId, 'automated', null, text);
      await setScheduled(tx, due.id, { status: 'sent', sentAt: now, messageId: message.id });
      return 'sent' as const;
    });
    if (outcome === 'none') break;
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

// ---- preview, the drawer, the homes' details ------------------------------------------------------

export async function previewTemplate(
  em: EntityManager,
  input: {
    bookingId: number;
    body: string;
    trigger: TMessageTrigger;
    offsetDays?: number | undefined;
    sendTime?: string | null | undefined;
  },
  now = new Date(),
): Promise<{ text: string; sendAt: string | null; privateDetailsIncluded: boolean; timeZone: string }> {
  const b = await findMessageBooking(em, input.bookingId);
  if (!b) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const f = fields({ name: 'preview', ...input });
  const due = dueAt(f, b, b.timeZone);
  // As the guest would read it when it is sent (a past or event message: as if sent now).
  const at = due && due > now ? due : now;
  const { text, privateIncluded } = await renderTemplate(em, input.body, b, at, { makeLinks: false });
  return {
    text,
    sendAt: due ? due.toISOString() : null,
    privateDetailsIncluded: privateIncluded,
    timeZone: b.timeZone,
  };
}

export async function scheduledMessages(em: EntityManager, bookingId: number) {
  if (!(await findMessageBooking(em, bookingId))) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return { items: await scheduledOfBooking(em, bookingId) };
}

export async function homeGuide(em: EntityManager, propertyId: number): Promise<THomeGuide> {
  await homeExists(em, propertyId);
  return findHomeGuide(em, propertyId);
}

export async function updateHomeGuide(
  em: EntityManager,
  propertyId: number,
  guide: THomeGuide,
  actor: TActor,
): Promise<THomeGuide> {
  // The entry names what changed, never the door code or Wi-Fi password themselves.
  return updateHomeSettings(em, propertyId, actor, {
    find: findHomeGuide,
    save: saveHomeGuide,
    value: guide,
    action: 'property.guide',
    audit: redactedGuides,
  });
}

/** The guide's before and after for the audit trail, with the secrets shown only as changed or not. */
function redactedGuides(
  before: THomeGuide,
  after: THomeGuide,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = { ...before };
  const a: Record<string, unknown> = { ...after };
  for (const key of ['doorCode', 'wifiPassword'] as const) {
    const changed = (before[key] ?? null) !== (after[key] ?? null);
    b[key] = before[key] ? 'hidden' : null;
    a[key] = after[key] ? (changed ? 'hidden, changed' : 'hidden') : null;
  }
  return { before: b, after: a };
}
