import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { SETTINGS_DEFAULTS as D } from '#shared/constants.ts';

/** The one settings record (docs/decisions.md#settings): id is always 1. */
export const Settings = defineEntity({
  name: 'Settings',
  tableName: 'settings',
  properties: {
    id: p.integer().primary().autoincrement(false),
    siteName: p.string().length(100).default(D.siteName),
    siteDescription: p.string().length(500).default(D.siteDescription),
    businessAddress: p.string().length(300).default(D.businessAddress),
    phoneNumber: p.string().length(40).default(D.phoneNumber),
    businessHours: p.string().length(100).default(D.businessHours),
    adminEmail: p.string().length(254).default(D.adminEmail),
    supportEmail: p.string().length(254).default(D.supportEmail),
    notificationEmail: p.string().length(254).default(D.notificationEmail),
    maxGuestsDefault: p.integer().default(D.maxGuestsDefault),
    minNightsDefault: p.integer().default(D.minNightsDefault),
    maxNightsDefault: p.integer().default(D.maxNightsDefault),
    advanceBookingDays: p.integer().default(D.advanceBookingDays),
    requestResponseHours: p.smallint().default(D.requestResponseHours),
    currency: p.string().length(10).default(D.currency),
    taxRate: p.double().$type<number>().default(D.taxRate),
    enableExchangeRates: p.boolean().default(D.enableExchangeRates),
    enableEmailNotifications: p.boolean().default(D.enableEmailNotifications),
    enableGuestRegistration: p.boolean().default(D.enableGuestRegistration),
    enableReviews: p.boolean().default(D.enableReviews),
    icalSyncMinutes: p.smallint().default(D.icalSyncMinutes),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
  checks: [
    { name: 'settings_singleton', expression: 'id = 1' },
    { name: 'settings_ical_sync_minutes_check', expression: 'ical_sync_minutes between 5 and 1440' },
  ],
});
export type ISettings = InferEntity<typeof Settings>;
