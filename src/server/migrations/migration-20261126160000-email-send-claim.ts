import { Migration } from '@mikro-orm/migrations';

export class Migration20261126160000_email_send_claim extends Migration {

  override name = 'Migration20261126160000_email_send_claim';

  override up(): void | Promise<void> {
    // An email is claimed for one send attempt in a statement of its own, committed before the SMTP
    // send, and recorded after it: no transaction (and no connection) is held across the send.
    this.addSql(`alter table "emails" add column "attempt_id" uuid null, add column "claimed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "emails" drop column "attempt_id", drop column "claimed_at";`);
  }

}
