import { Activity } from './activity.entity.ts';
import { AdminCounter } from './admin-counter.entity.ts';
import { Booking } from './booking.entity.ts';
import { BookingDay } from './booking-day.entity.ts';
import { BookingArrival } from './booking-arrival.entity.ts';
import { BookingNote } from './booking-note.entity.ts';
import { BookingChangeRequest } from './booking-change-request.entity.ts';
import { BookingLink } from './booking-link.entity.ts';
import { CalendarBlock } from './calendar-block.entity.ts';
import { DateHold } from './date-hold.entity.ts';
import { EmailChangeUndo } from './email-change-undo.entity.ts';
import { ExternalEvent } from './external-event.entity.ts';
import { IcalExport } from './ical-export.entity.ts';
import { IcalFeed } from './ical-feed.entity.ts';
import { OutboxEmail } from './outbox-email.entity.ts';
import { PasswordReset } from './password-reset.entity.ts';
import { PropertyRate } from './property-rate.entity.ts';
import { PropertyPricing } from './property-pricing.entity.ts';
import { WishlistItem } from './wishlist-item.entity.ts';
import {
  Conversation,
  ConversationLink,
  HomeGuide,
  Message,
  MessageTemplate,
  ScheduledMessage,
} from './messaging.entity.ts';
import { LedgerLine } from './ledger-line.entity.ts';
import { PaymentPlan } from './payment-plan.entity.ts';
import { PaymentSettings } from './payment-settings.entity.ts';
import { StripeEvent } from './stripe-event.entity.ts';
import { DamageDeposit } from './damage-deposit.entity.ts';
import { DocumentCounter } from './document-counter.entity.ts';
import { MoneyDocument } from './money-document.entity.ts';
import { IdempotencyKey } from './idempotency-key.entity.ts';
import { Category } from './category.entity.ts';
import { BookingCheckIn, HomeCheckInSettings } from './check-in.entity.ts';
import { Property } from './property.entity.ts';
import { RateLimit } from './rate-limit.entity.ts';
import { Review } from './review.entity.ts';
import { Session } from './session.entity.ts';
import { Settings } from './settings.entity.ts';
import { User } from './user.entity.ts';
import { StaffHome, StaffInvitation } from './staff.entity.ts';
import {
  HomeChecklist,
  HousekeeperPay,
  HousekeeperPayOverride,
  HousekeepingDefault,
  HousekeepingTask,
  TaskChecklistTick,
  TaskProblem,
} from './housekeeping.entity.ts';
import { HomeOwner } from './owner.entity.ts';
import { HomeExpense, OwnerPayout, OwnerStatement, StatementCounter } from './owner-statement.entity.ts';

export { Booking, Category, Property, RateLimit, Review, Session, Settings, User };
export { CalendarBlock, DateHold, ExternalEvent, IcalExport, IcalFeed, PropertyRate };
export { BookingLink, EmailChangeUndo, OutboxEmail, PasswordReset, WishlistItem };
export { Activity, AdminCounter, BookingNote };
export { BookingDay };
export { BookingArrival };
export { PropertyPricing };
export { BookingChangeRequest };
export { Conversation, ConversationLink, HomeGuide, Message, MessageTemplate, ScheduledMessage };
export { LedgerLine, PaymentPlan, PaymentSettings, StripeEvent };
export { DamageDeposit };
export { DocumentCounter, MoneyDocument };
export { IdempotencyKey };
export { StaffHome, StaffInvitation, HousekeepingDefault, HousekeepingTask };
export { HomeChecklist, TaskChecklistTick, TaskProblem, HousekeeperPay, HousekeeperPayOverride };
export { HomeOwner };
export { BookingCheckIn, HomeCheckInSettings };
export { HomeExpense, OwnerPayout, OwnerStatement, StatementCounter };
export const entities = [
  AdminCounter,
  BookingDay,
  BookingArrival,
  User,
  Session,
  RateLimit,
  Category,
  Property,
  Booking,
  Review,
  Settings,
  CalendarBlock,
  IcalFeed,
  ExternalEvent,
  DateHold,
  EmailChangeUndo,
  PropertyRate,
  IcalExport,
  BookingLink,
  PasswordReset,
  WishlistItem,
  OutboxEmail,
  Activity,
  BookingNote,
  PropertyPricing,
  Conversation,
  ConversationLink,
  Message,
  MessageTemplate,
  ScheduledMessage,
  HomeGuide,
  PaymentSettings,
  PaymentPlan,
  LedgerLine,
  StripeEvent,
  DamageDeposit,
  DocumentCounter,
  MoneyDocument,
  IdempotencyKey,
  StaffHome,
  StaffInvitation,
  HousekeepingTask,
  HousekeepingDefault,
  HomeChecklist,
  TaskChecklistTick,
  TaskProblem,
  HousekeeperPay,
  HousekeeperPayOverride,
  BookingChangeRequest,
  HomeOwner,
  OwnerStatement,
  StatementCounter,
  HomeExpense,
  OwnerPayout,
  HomeCheckInSettings,
  BookingCheckIn,
];
