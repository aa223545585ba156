import { Migration } from '@mikro-orm/migrations';

export class Migration20261123002648_email_outbox extends Migration {

  override name = 'Migration20261123002648_email_outbox';

  override up(): void | Promise<void> {
    this.addSql(`create table "emails" ("id" serial primary key, "to_address" varchar(254) not null, "subject" varchar(300) not null, "template" varchar(60) not null, "html" text not null, "text" text not null, "status" varchar(20) not null default 'queued', "attempts" int not null default 0, "last_error" text null, "message_id" varchar(300) null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null);`);
    this.addSql(`create index "emails_created_idx" on "emails" ("created_at");`);
    this.addSql(`create index "emails_queued_idx" on "emails" ("id") where "status" = 'queued';`);

    this.addSql(`alter table "emails" add constraint "emails_status_check" check (status in ('queued', 'sent', 'delivered_locally', 'failed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "emails" cascade;`);
  }

}
