import { Migration } from '@mikro-orm/migrations';

export class Migration20261204130100_starter_templates extends Migration {

  override name = 'Migration20261204130100_starter_templates';

  /**
   * A check during the stay ('days_after_check_in'), and five starter templates, all off until the operator
   * turns them on (docs/messaging.md#starter-templates). One whose name an install already uses is skipped:
   * the operator's own template wins.
   */
  override up(): void | Promise<void> {
    this.addSql(`alter table "message_templates" drop constraint if exists "message_templates_trigger_check";`);
    this.addSql(`alter table "message_templates" add constraint "message_templates_trigger_check" check (trigger in ('manual', 'booking_created', 'booking_confirmed', 'booking_cancelled', 'days_before_check_in', 'check_in_day', 'days_after_check_in', 'day_before_check_out', 'days_after_check_out'));`);
    this.addSql(`insert into "message_templates" ("name", "trigger", "offset_days", "send_time", "body", "enabled") values
      ('Booking confirmed', 'booking_confirmed', 0, null, E'Hello {{guest_name}}, your stay at {{home}} from {{check_in_date}} to {{check_out_date}} is confirmed. We look forward to welcoming you.\\n\\nYour booking, any time: {{manage_link}}', false),
      ('Check-in instructions', 'days_before_check_in', 1, '10:00', E'Hello {{guest_name}}, your stay at {{home}} starts tomorrow, {{check_in_date}}. Check-in is from {{check_in_time}} at {{address}}.\\n\\n{{check_in_instructions}}\\n\\nDoor code: {{door_code}}\\nWi-Fi: {{wifi_name}} / {{wifi_password}}', false),
      ('Mid-stay check', 'days_after_check_in', 1, '11:00', E'Hello {{guest_name}}, we hope you are enjoying {{home}}. If anything is missing or not working, reply here and we will sort it out.', false),
      ('Check-out reminder', 'day_before_check_out', 0, '18:00', E'Hello {{guest_name}}, a reminder that check-out from {{home}} is tomorrow, {{check_out_date}}, by {{check_out_time}}. Thank you for staying with us!', false),
      ('Review request', 'days_after_check_out', 1, '10:00', E'Hello {{guest_name}}, thank you for staying at {{home}}. We would love to hear how it went: you can leave a review from your booking, {{manage_link}}', false)
      on conflict ((lower("name"))) do nothing;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "message_templates" where "trigger" = 'days_after_check_in';`);
    this.addSql(`alter table "message_templates" drop constraint if exists "message_templates_trigger_check";`);
    this.addSql(`alter table "message_templates" add constraint "message_templates_trigger_check" check (trigger in ('manual', 'booking_created', 'booking_confirmed', 'booking_cancelled', 'days_before_check_in', 'check_in_day', 'day_before_check_out', 'days_after_check_out'));`);
  }

}
