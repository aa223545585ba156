import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { countedGuests, quoteStay, type TParty, type TPriceRules, type TQuote } from '#shared/pricing.ts';
import type { TStayQuote, ZQuoteInput } from '#shared/schemas/booking.ts';
import { AppError } from '../../errors.ts';
import { stayRulesFor } from '../../repositories/property-rates.ts';
import { readScheduleTerms } from '../../repositories/payments.ts';
import { toMajor } from '#shared/money.ts';
import { scheduleFor } from '#shared/payment-terms.ts';
import { getSettings } from '../settings/settings.ts';
import { methodsOffered, type TCardReach } from '../payments/terms.ts';
import { CHECK_OUT_AFTER_CHECK_IN, DATES_TAKEN, PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import { bookingDay, limitsOf, partyOf, stayProblem } from './rules.ts';

/**
 * The one way the server prices a stay under rules it has read (stayRulesFor for a quote or a booking, the
 * dated search's statement for its cards): the shared quoteStay (docs/money.md), with the booking-window
 * discounts counted from `now`'s booking day. The search's card totals and the booking card's quote are
 * therefore the same number for the same stay and party.
 */
export function priceStay(
  rules: TPriceRules,
  taxRate: number,
  stay: { checkIn: string; checkOut: string },
  party: TParty | null,
  now: Date,
): TQuote {
  return quoteStay(rules, stay.checkIn, stay.checkOut, taxRate, {
    ...(party ? { party } : {}),
    bookedOn: bookingDay(now),
  });
}

/**
 * The price the server will charge for a stay: each night by the home's rates, plus the tax rate in
 * settings (docs/decisions.md#server-price, docs/features.md#operator-calendar), and whether it can be
 * booked: every stay rule is judged by the function the booking uses (docs/booking-operations.md#stay-rules),
 * then whether a booking, a block or an imported event holds a night (the booking's 409). `reason` is the
 * message the booking would answer.
 */
export async function quoteForStay(
  em: EntityManager,
  input: z.output<typeof ZQuoteInput>,
  now: Date = new Date(),
  reach: TCardReach = { cardAvailable: false },
): Promise<TStayQuote> {
  if (input.checkOut <= input.checkIn) throw new AppError('VALIDATION', CHECK_OUT_AFTER_CHECK_IN);
  const [rulesByHome, terms] = await Promise.all([
    stayRulesFor(em, [input.propertyId], input.checkIn, input.checkOut),
    readScheduleTerms(em),
  ]);
  const homeRules = rulesByHome.get(input.propertyId);
  if (!homeRules) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  const settings = homeRules.settings && homeRules.taxRate !== null ? null : await getSettings(em);
  const taxRate = homeRules.taxRate ?? settings?.taxRate ?? 0;
  const limits = limitsOf(homeRules.settings ?? settings!, homeRules);
  const party = partyOf(input);
  const stay = { checkIn: input.checkIn, checkOut: input.checkOut, pets: input.pets };
  const reason =
    stayProblem(party ? { ...stay, guests: countedGuests(party) } : stay, limits, now) ??
    (homeRules.held ? DATES_TAKEN : null);
  const priced = priceStay(homeRules, taxRate, input, party, now);
  // The quote is in minor units, as the snapshot will be; the schedule goes out in currency units.
  const s = scheduleFor(priced.total, terms, input.checkIn, bookingDay(now));
  return {
    ...priced,
    available: reason === null,
    ...(reason === null ? {} : { reason }),
    schedule: {
      deposit: toMajor(s.deposit),
      balance: toMajor(s.balance),
      balanceDueOn: s.balanceDueOn,
      // What the booking's snapshot will offer, card only while Stripe is configured: the checkout's choices.
      methods: methodsOffered(terms.methods, reach.cardAvailable),
    },
  };
}
