import type { EntityManager } from '@mikro-orm/postgresql';
import { cancellationTerms, formatDeadline, LATE_FEE_SUMMARY, POLICY_LABEL } from '#shared/cancellation.ts';
import type { TBookingStatus } from '#shared/constants.ts';
import { formatIsoDate } from '#shared/dates.ts';
import { nightsLabel, partyLabel } from '#shared/labels.ts';
import { answerByLabel, STATUS_WORD } from '#shared/stay-status.ts';
import { bookedNights, nightRuns, bookedLines } from '#shared/pricing.ts';
import type { TSettings } from '#shared/schemas/settings.ts';
import {
  cancellationMoneySentence,
  operatorRefundSentence,
  refundTimingSentence,
  type TCancelMoney,
} from '#shared/payment-terms.ts';
import { formatMinor } from '#shared/payments.ts';
import { takeEmailsToken } from '../../repositories/bookings.ts';
import { findManagedBooking, type TManagedRecord } from '../../repositories/managed-bookings.ts';
import { managePath } from '../bookings/manage-links.ts';
import { cancellationDocuments } from '../payments/documents.ts';
import { cancelMoneyFor, paymentTermsBlocks, type TCardReach } from '../payments/terms.ts';
import { getSettings } from '../settings/settings.ts';
import type { TNewEmail } from '../../repositories/emails.ts';
import { composeOutboxRows, queueComposed } from './compose.ts';
import { absoluteUrl, queueEmails } from './outbox.ts';
import { paragraph, rows, usd, type TEmailBlock } from './render.ts';

/**
 * The emails about a booking and an account, written into the outbox in the caller's transaction
 * (docs/decisions.md#emails). Booking and status emails follow the 'Email Notifications' switch; security emails
 * (password reset, booking link) are always sent.
 */

/** What a booking email says about the stay (a stored booking, or one just inserted). */
export type TStayFacts = Pick<
  TManagedRecord,
  | 'confirmationNumber'
  | 'status'
  | 'checkIn'
  | 'checkOut'
  | 'nights'
  | 'guests'
  | 'nightlyPrice'
  | 'nightPrices'
  | 'taxRate'
  | 'taxAmount'
  | 'priceLines'
  | 'totalPrice'
  | 'contactInfo'
  | 'cancellationPolicy'
  | 'timeZone'
  | 'cancellationFee'
> &
  Partial<Pick<TManagedRecord, 'respondBy' | 'children' | 'infants' | 'pets'>> & {
    id: number;
    property: { title: string };
  };

/**
 * What the guest may do about cancelling, as of `now` (when the email is written): the free deadline in the
 * home's local time while it is ahead, and never a deadline already past (docs/cancellation.md).
 */
export function cancellationSentence(b: Omit<TStayFacts, 'id'>, now: Date): string {
  const policy = `Cancellation policy: ${POLICY_LABEL[b.cancellationPolicy]}.`;
  const terms = cancellationTerms(
    {
      status: b.status,
      checkIn: b.checkIn,
      policy: b.cancellationPolicy,
      timeZone: b.timeZone,
      nightPrices: bookedNights(b).map((n) => n.price),
      taxRate: b.taxRate,
      priceLines: b.priceLines,
    },
    now,
  );
  switch (terms.kind) {
    case 'free':
      return `${policy} You can cancel free of charge until ${formatDeadline(new Date(terms.deadline), b.timeZone)} (the home's local time).`;
    case 'fee':
      return `${policy} Your stay is already past the free-cancellation deadline (${formatDeadline(new Date(terms.deadline), b.timeZone)}, the home's local time): cancelling now costs ${usd(terms.fee)}, ${LATE_FEE_SUMMARY[b.cancellationPolicy]} with GST, and nothing more.`;
    default:
      return `${policy} Your stay has begun, so it can no longer be cancelled online.`;
  }
}

/**
 * The nights as the booking's snapshot priced them, one line per run of nights at one price (as the
 * booking card shows them), so the lines add up to the subtotal the guest was quoted.
 */
function nightRows(b: Omit<TStayFacts, 'id'>): [string, string][] {
  const runs = nightRuns(bookedNights(b));
  if (runs.length === 1 && runs[0])
    return [[`${usd(runs[0].price)} x ${nightsLabel(runs[0].nights)}`, usd(runs[0].price * runs[0].nights)]];
  return runs.map((r) => [
    `${formatIsoDate(r.from)} – ${formatIsoDate(r.to)} · ${usd(r.price)} x ${nightsLabel(r.nights)}`,
    usd(r.price * r.nights),
  ]);
}

/** The stay's table in every booking email; the status in the shared status words. */
export function stayRows(b: Omit<TStayFacts, 'id'>): TEmailBlock {
  return rows([
    ['Home', b.property.title],
    ['Confirmation number', b.confirmationNumber],
    ['Status', STATUS_WORD[b.status]],
    ['Check-in', formatIsoDate(b.checkIn, true)],
    ['Check-out', formatIsoDate(b.checkOut, true)],
    ['Nights', b.nights],
    ['Guests', partyLabel(b)],
    ...nightRows(b),
    // Every line after the nights as the booking keeps them, as the booking card showed them (docs/money.md).
    ...bookedLines(b).map((l): [string, string] => [l.label, usd(l.amount)]),
    ['Total', usd(b.totalPrice)],
  ]);
}

async function booking(tx: EntityManager, bookingId: number): Promise<TManagedRecord | null> {
  const b = await findManagedBooking(tx, bookingId);
  return b?.contactInfo?.email ? b : null;
}

const ADMIN_BOOKINGS_PATH = '/admin/bookings';

/**
 * A new booking's emails (its row recorded that they are due, with the manage link's token, in the
 * booking's statement): 'booking received' to the guest with the manage link, and 'new booking' to the
 * operator (settings' notification address) with the guest's contact details. Run by the booking-emails
 * job after the commit; it takes the token and writes the emails in one transaction, so they are written
 * once however often it runs. Answers how many it wrote.
 */
export async function writeBookingReceivedEmails(
  em: EntityManager,
  bookingId: number,
  reach: TCardReach = { cardAvailable: false },
): Promise<number> {
  return em.transactional(async (tx) => {
    const token = await takeEmailsToken(tx, bookingId);
    if (!token) return 0;
    const [settings, b, terms] = await Promise.all([
      getSettings(tx),
      booking(tx, bookingId),
      paymentTermsBlocks(tx, bookingId, reach),
    ]);
    if (!b) return 0;
    // What the guest booked: the email tells of the booking as it was received, whatever happened since
    // (a request has an answer deadline; an instant booking was confirmed as it was made).
    const emails = bookingReceivedEmails(
      settings,
      { ...b, status: b.respondBy ? 'requested' : b.status === 'pending' ? 'pending' : 'confirmed' },
      token,
      terms,
    );
    return (
      await queueEmails(
        tx,
        emails.map((e) => ({ ...e, bookingId })),
      )
    ).length;
  });
}

function bookingReceivedEmails(
  settings: Pick<TSettings, 'siteName' | 'notificationEmail'>,
  b: TStayFacts,
  token: string,
  terms: TEmailBlock[],
): TNewEmail[] {
  const guest = b.contactInfo;
  if (!guest) return [];
  const stay = stayRows(b);
  const answerBy = b.status === 'requested' && b.respondBy ? answerByLabel(b.respondBy) : null;
  const toGuest = answerBy
    ? {
        subject: `Booking request received: ${b.property.title} (${b.confirmationNumber})`,
        template: 'booking-request-received',
        heading: 'We have received your request',
        text: `Hello ${guest.name}, thank you for your request to book ${b.property.title}. ${settings.siteName} will answer by ${answerBy}; until then the dates are held for you and nothing is charged.`,
      }
    : b.status === 'confirmed'
      ? {
          subject: `Booking confirmed: ${b.property.title} (${b.confirmationNumber})`,
          template: 'booking-received',
          heading: 'Your booking is confirmed',
          text: `Hello ${guest.name}, thank you for booking ${b.property.title}. Your booking is confirmed.`,
        }
      : {
          subject: `Booking received: ${b.property.title} (${b.confirmationNumber})`,
          template: 'booking-received',
          heading: 'We have received your booking',
          text: `Hello ${guest.name}, thank you for booking ${b.property.title}. Your booking is pending.`,
        };
  return composeOutboxRows(settings, [
    {
      to: guest.email,
      subject: toGuest.subject,
      template: toGuest.template,
      heading: toGuest.heading,
      blocks: [
        paragraph(toGuest.text),
        stay,
        ...terms,
        paragraph(cancellationSentence(b, new Date())),
        paragraph('Keep this email: its link lets you see, cancel or review your booking. Do not share it.'),
      ],
      action: { label: 'Manage your booking', url: absoluteUrl(managePath(token)) },
    },
    {
      to: settings.notificationEmail,
      subject: answerBy
        ? `New booking request ${b.confirmationNumber}: ${b.property.title}`
        : `New booking ${b.confirmationNumber}: ${b.property.title}`,
      template: answerBy ? 'booking-request-operator' : 'booking-new-operator',
      heading: answerBy ? 'New booking request' : 'New booking',
      replyTo: guest.email,
      blocks: [
        paragraph(
          answerBy
            ? `${guest.name} asks to book ${b.property.title}. Accept or decline the request by ${answerBy}; after that it is declined by itself.`
            : b.status === 'confirmed'
              ? `${guest.name} booked ${b.property.title}. The booking is confirmed.`
              : `${guest.name} booked ${b.property.title}. The booking is pending until you confirm it.`,
        ),
        rows([
          ['Guest', guest.name],
          ['Email', guest.email],
          ['Phone', guest.phone],
          ['Country', guest.country],
          ['Special requests', guest.specialRequests?.trim() || 'None'],
        ]),
        stay,
      ],
      action: { label: 'Open the bookings', url: absoluteUrl(ADMIN_BOOKINGS_PATH) },
    },
  ]);
}

/**
 * The admin moved a booking to another status: the guest hears of a confirmation or a cancellation
 * (off with Email Notifications; no email when the status did not change).
 */
export async function emailBookingStatusChanged(
  tx: EntityManager,
  bookingId: number,
  previous: TBookingStatus,
  reach: TCardReach = { cardAvailable: false },
): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contactInfo || !settings.enableEmailNotifications || b.status === previous) return;
  const name = b.contactInfo.name;
  if (b.status === 'confirmed') {
    const terms = await paymentTermsBlocks(tx, bookingId, reach);
    await queueComposed(tx, settings, [
      {
        bookingId,
        to: b.contactInfo.email,
        subject: `Booking confirmed: ${b.property.title} (${b.confirmationNumber})`,
        template: 'booking-confirmed',
        heading: 'Your booking is confirmed',
        blocks: [
          paragraph(
            `Hello ${name}, good news: your booking at ${b.property.title} is confirmed. We look forward to your stay.`,
          ),
          stayRows(b),
          ...terms,
        ],
        action: { label: 'View the home', url: absoluteUrl(`/property/${b.property.id}`) },
      },
    ]);
  } else if (b.status === 'cancelled') {
    // The operator's cancel keeps no fee: everything paid comes back.
    const refund = await refundBlocks(tx, bookingId, 0);
    const creditNotes = await cancellationDocuments(tx, bookingId);
    await queueComposed(tx, settings, [
      {
        bookingId,
        to: b.contactInfo.email,
        subject: `Booking cancelled: ${b.property.title} (${b.confirmationNumber})`,
        template: 'booking-cancelled-by-admin',
        heading: 'Your booking has been cancelled',
        blocks: [
          paragraph(
            `Hello ${name}, we are sorry: your booking at ${b.property.title} has been cancelled by ${settings.siteName}. If you have questions, reply to this email or write to ${settings.supportEmail}.`,
          ),
          ...refund,
          ...creditNoteParagraph(creditNotes),
          stayRows(b),
        ],
        attachments: creditNotes,
      },
    ]);
  }
}

/** Names the credit notes a cancellation email carries as PDFs. */
function creditNoteParagraph(numbers: string[]) {
  return numbers.length
    ? [
        paragraph(
          `Your credit note ${numbers.join(', ')} is attached as a PDF, and is with your booking online.`,
        ),
      ]
    : [];
}

/** The guest and the operator each learn that the guest cancelled (off with Email Notifications). */
export async function emailBookingCancelled(tx: EntityManager, bookingId: number): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contactInfo || !settings.enableEmailNotifications) return;
  const stay = stayRows(b);
  const money = await cancelMoneyFor(tx, bookingId, b.cancellationFee ?? 0);
  const creditNotes = await cancellationDocuments(tx, bookingId);
  await queueComposed(tx, settings, [
    {
      bookingId,
      to: b.contactInfo.email,
      subject: `Booking cancelled: ${b.property.title} (${b.confirmationNumber})`,
      template: 'booking-cancelled-guest',
      heading: 'Your booking is cancelled',
      blocks: [
        paragraph(
          b.cancellationFee
            ? `Hello ${b.contactInfo.name}, your booking at ${b.property.title} is cancelled. As it was past the free-cancellation deadline, the cancellation fee is ${usd(b.cancellationFee)}, kept out of what you paid; nothing more is charged.`
            : `Hello ${b.contactInfo.name}, your booking at ${b.property.title} is cancelled, free of charge.`,
        ),
        ...(money ? refundParagraphs(money, b.cancellationFee ?? 0) : []),
        ...creditNoteParagraph(creditNotes),
        stay,
      ],
      attachments: creditNotes,
    },
    {
      bookingId,
      to: settings.notificationEmail,
      subject: `Guest cancelled ${b.confirmationNumber}: ${b.property.title}`,
      template: 'booking-cancelled-operator',
      heading: 'A guest cancelled a booking',
      blocks: [
        paragraph(
          `${b.contactInfo.name} (${b.contactInfo.email}, ${b.contactInfo.phone}) cancelled their booking. The dates are free again.`,
        ),
        ...(money && money.refund > 0
          ? [paragraph(operatorRefundSentence(money, (minor) => formatMinor(minor, money.currency)))]
          : []),
        stay,
      ],
      action: { label: 'Open the bookings', url: absoluteUrl(ADMIN_BOOKINGS_PATH) },
    },
  ]);
}

/** What a cancellation kept and gives back, by which way and when, in the guest's cancellation email. */
function refundParagraphs(m: TCancelMoney & { currency: string }, fee: number): TEmailBlock[] {
  const money = (minor: number) => formatMinor(minor, m.currency);
  const timing = refundTimingSentence(m);
  return [paragraph(cancellationMoneySentence(m, fee, money, true)), ...(timing ? [paragraph(timing)] : [])];
}

async function refundBlocks(tx: EntityManager, bookingId: number, fee: number): Promise<TEmailBlock[]> {
  const m = await cancelMoneyFor(tx, bookingId, fee);
  return m ? refundParagraphs(m, fee) : [];
}

/** 'Find my booking': a fresh manage link, to the address on file only (a security email: always sent). */
export async function emailManageLink(tx: EntityManager, bookingId: number, token: string): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contactInfo) return;
  await queueComposed(tx, settings, [
    {
      bookingId,
      to: b.contactInfo.email,
      subject: `Your link to booking ${b.confirmationNumber}`,
      template: 'booking-link',
      heading: 'Your booking link',
      blocks: [
        paragraph(
          `Hello ${b.contactInfo.name}, here is the link to manage your booking ${b.confirmationNumber}.`,
        ),
        stayRows(b),
      ],
      action: { label: 'Manage your booking', url: absoluteUrl(managePath(token)) },
    },
  ]);
}

/** The day after check-out: an invitation to review the stay (off with Email Notifications or reviews). */
export async function emailReviewInvitation(
  tx: EntityManager,
  bookingId: number,
  token: string,
): Promise<void> {
  const [settings, b] = await Promise.all([getSettings(tx), booking(tx, bookingId)]);
  if (!b?.contactInfo || !settings.enableEmailNotifications || !settings.enableReviews) return;
  await queueComposed(tx, settings, [
    {
      bookingId,
      to: b.contactInfo.email,
      subject: `How was your stay at ${b.property.title}?`,
      template: 'review-invitation',
      heading: `How was your stay at ${b.property.title}?`,
      blocks: [
        paragraph(
          `Hello ${b.contactInfo.name}, we hope you enjoyed your stay. A few words help the next guests choose.`,
        ),
      ],
      action: { label: 'Review your stay', url: absoluteUrl(managePath(token)) },
    },
  ]);
}

/** A password-reset link (a security email: sent even with Email Notifications off). */
export async function emailPasswordReset(
  tx: EntityManager,
  to: { email: string; name: string },
  resetPath: string,
): Promise<void> {
  const settings = await getSettings(tx);
  await queueComposed(tx, settings, [
    {
      to: to.email,
      subject: 'Reset your password',
      template: 'password-reset',
      heading: 'Reset your password',
      blocks: [
        paragraph(
          `Hello ${to.name}, someone asked to reset the password of your account. The link works once, within one hour. If it was not you, ignore this email: your password stays as it is.`,
        ),
      ],
      action: { label: 'Choose a new password', url: absoluteUrl(resetPath) },
    },
  ]);
}

/**
 * The account's e-mail changed: the old address hears of it (a security email: always sent), so an
 * owner whose session was taken learns at once where their account's mail now goes.
 */
export async function emailAddressChanged(
  tx: EntityManager,
  old: { email: string; name: string },
  newEmail: string,
  undoPath: string,
): Promise<void> {
  const settings = await getSettings(tx);
  await queueComposed(tx, settings, [
    {
      to: old.email,
      subject: 'The e-mail address of your account was changed',
      template: 'email-changed',
      heading: 'Your e-mail address was changed',
      blocks: [
        paragraph(
          `Hello ${old.name}, the e-mail address of your ${settings.siteName} account was changed to ${newEmail}. If this was you, there is nothing to do. If it was not, undo the change within 7 days: the button below puts this address back, signs out every session and lets you choose a new password. You can also write to ${settings.supportEmail}.`,
        ),
      ],
      action: { label: 'Undo the change', url: absoluteUrl(undoPath) },
    },
  ]);
}

/** Welcome on registration (an account email, off with Email Notifications like the booking emails). */
export async function emailWelcome(
  tx: EntityManager,
  to: { email: string; name: string; username: string },
): Promise<void> {
  const settings = await getSettings(tx);
  if (!settings.enableEmailNotifications) return;
  await queueComposed(tx, settings, [
    {
      to: to.email,
      subject: `Welcome to ${settings.siteName}`,
      template: 'welcome',
      heading: `Welcome to ${settings.siteName}`,
      blocks: [
        paragraph(
          `Hello ${to.name}, your account ${to.username} is ready. Save the homes you love, book in a few steps and find all your bookings in one place.`,
        ),
      ],
      action: { label: 'Find a place to stay', url: absoluteUrl('/') },
    },
  ]);
}
