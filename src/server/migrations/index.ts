import { Migration20261122084653_initial as m0 } from './migration-20261122084653-initial.ts';
import { Migration20261122085637_business_hours_default as m1 } from './migration-20261122085637-business-hours-default.ts';
import { Migration20261122234032_calendar as m2 } from './migration-20261122234032-calendar.ts';
import { Migration20261122235450_guests_self_service as m3 } from './migration-20261122235450-guests-self-service.ts';
import { Migration20261123002648_email_outbox as m4 } from './migration-20261123002648-email-outbox.ts';
import { Migration20261123093638_admin_audit as m5 } from './migration-20261123093638-admin-audit.ts';
import { Migration20261123093937_email_reply_to as m6 } from './migration-20261123093937-email-reply-to.ts';
import { Migration20261123105127_admin_table_indexes as m7 } from './migration-20261123105127-admin-table-indexes.ts';
import { Migration20261123194952_search_filters_map as m8 } from './migration-20261123194952-search-filters-map.ts';
import { Migration20261123195213_email_source as m9 } from './migration-20261123195213-email-source.ts';
import { Migration20261123200117_admin_page_budget as m10 } from './migration-20261123200117-admin-page-budget.ts';
import { Migration20261123200842_admin_listings_reviews as m11 } from './migration-20261123200842-admin-listings-reviews.ts';
import { Migration20261123213408_admin_city_filter as m12 } from './migration-20261123213408-admin-city-filter.ts';
import { Migration20261123225840_search_area_ranges as m13 } from './migration-20261123225840-search-area-ranges.ts';
import { Migration20261125120000_admin_counter_shards as m14 } from './migration-20261125120000-admin-counter-shards.ts';
import { Migration20261125151155_booking_emails_token as m15 } from './migration-20261125151155-booking-emails-token.ts';
import { Migration20261126063000_lean_hold_uniques as m16 } from './migration-20261126063000-lean-hold-uniques.ts';
import { Migration20261126063100_counter_update_first as m17 } from './migration-20261126063100-counter-update-first.ts';
import { Migration20261126160000_email_send_claim as m18 } from './migration-20261126160000-email-send-claim.ts';
import { Migration20261126160500_cancellation_fee as m19 } from './migration-20261126160500-cancellation-fee.ts';
import { Migration20261126170000_functions_file as m20 } from './migration-20261126170000-functions-file.ts';
import { Migration20261126190000_holds_one_writer as m21 } from './migration-20261126190000-holds-one-writer.ts';
import { Migration20261126191010_payments as m22 } from './migration-20261126191010-payments.ts';
import { Migration20261126193040_email_change_undo as m23 } from './migration-20261126193040-email-change-undo.ts';
import { Migration20261126194120_messaging as m24 } from './migration-20261126194120-messaging.ts';
import { Migration20261126194530_pricing_rules as m25 } from './migration-20261126194530-pricing-rules.ts';
<<<<<<< HEAD
import { Migration20261126223030_staff_roles as m26 } from './migration-20261126223030-staff-roles.ts';
import { Migration20261126224030_housekeeping as m27 } from './migration-20261126224030-housekeeping.ts';

/** Every migration, in order. Listed explicitly so no file-system discovery is needed at start. */
export const migrationsList = [{ name: 'migration-20261122084653-initial', class: m0 }, { name: 'migration-20261122085637-business-hours-default', class: m1 }, { name: 'migration-20261122234032-calendar', class: m2 }, { name: 'migration-20261122235450-guests-self-service', class: m3 }, { name: 'migration-20261123002648-email-outbox', class: m4 }, { name: 'migration-20261123093638-admin-audit', class: m5 }, { name: 'migration-20261123093937-email-reply-to', class: m6 }, { name: 'migration-20261123105127-admin-table-indexes', class: m7 }, { name: 'migration-20261123194952-search-filters-map', class: m8 }, { name: 'migration-20261123195213-email-source', class: m9 }, { name: 'migration-20261123200117-admin-page-budget', class: m10 }, { name: 'migration-20261123200842-admin-listings-reviews', class: m11 }, { name: 'migration-20261123213408-admin-city-filter', class: m12 }, { name: 'migration-20261123225840-search-area-ranges', class: m13 }, { name: 'migration-20261125120000-admin-counter-shards', class: m14 }, { name: 'migration-20261125151155-booking-emails-token', class: m15 }, { name: 'migration-20261126063000-lean-hold-uniques', class: m16 }, { name: 'migration-20261126063100-counter-update-first', class: m17 }, { name: 'migration-20261126160000-email-send-claim', class: m18 }, { name: 'migration-20261126160500-cancellation-fee', class: m19 }, { name: 'migration-20261126170000-functions-file', class: m20 }, { name: 'migration-20261126190000-holds-one-writer', class: m21 }, { name: 'migration-20261126191010-payments', class: m22 }, { name: 'migration-20261126193040-email-change-undo', class: m23 }, { name: 'migration-20261126194120-messaging', class: m24 }, { name: 'migration-20261126194530-pricing-rules', class: m25 }, { name: 'migration-20261126223030-staff-roles', class: m26 }, { name: 'migration-20261126224030-housekeeping', class: m27 }];
=======
import { Migration20261126222010_booking_modes as m26 } from './migration-20261126222010-booking-modes.ts';

/** Every migration, in order. Listed explicitly so no file-system discovery is needed at start. */
export const migrationsList = [{ name: 'migration-20261122084653-initial', class: m0 }, { name: 'migration-20261122085637-business-hours-default', class: m1 }, { name: 'migration-20261122234032-calendar', class: m2 }, { name: 'migration-20261122235450-guests-self-service', class: m3 }, { name: 'migration-20261123002648-email-outbox', class: m4 }, { name: 'migration-20261123093638-admin-audit', class: m5 }, { name: 'migration-20261123093937-email-reply-to', class: m6 }, { name: 'migration-20261123105127-admin-table-indexes', class: m7 }, { name: 'migration-20261123194952-search-filters-map', class: m8 }, { name: 'migration-20261123195213-email-source', class: m9 }, { name: 'migration-20261123200117-admin-page-budget', class: m10 }, { name: 'migration-20261123200842-admin-listings-reviews', class: m11 }, { name: 'migration-20261123213408-admin-city-filter', class: m12 }, { name: 'migration-20261123225840-search-area-ranges', class: m13 }, { name: 'migration-20261125120000-admin-counter-shards', class: m14 }, { name: 'migration-20261125151155-booking-emails-token', class: m15 }, { name: 'migration-20261126063000-lean-hold-uniques', class: m16 }, { name: 'migration-20261126063100-counter-update-first', class: m17 }, { name: 'migration-20261126160000-email-send-claim', class: m18 }, { name: 'migration-20261126160500-cancellation-fee', class: m19 }, { name: 'migration-20261126170000-functions-file', class: m20 }, { name: 'migration-20261126190000-holds-one-writer', class: m21 }, { name: 'migration-20261126191010-payments', class: m22 }, { name: 'migration-20261126193040-email-change-undo', class: m23 }, { name: 'migration-20261126194120-messaging', class: m24 }, { name: 'migration-20261126194530-pricing-rules', class: m25 }, { name: 'migration-20261126222010-booking-modes', class: m26 }];
>>>>>>> h-req
