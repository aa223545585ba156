import { Migration } from '@mikro-orm/migrations';

export class Migration20261126193040_email_change_undo extends Migration {

  override name = 'Migration20261126193040_email_change_undo';

  override up(): void | Promise<void> {
    this.addSql(`create table "email_change_undos" ("id" varchar(64) not null, "user_id" int not null, "old_email" varchar(255) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, constraint "email_change_undos_pkey" primary key ("id"));`);
    this.addSql(`create index "email_change_undos_user_id_index" on "email_change_undos" ("user_id");`);
    this.addSql(`alter table "email_change_undos" add constraint "email_change_undos_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "email_change_undos" cascade;`);
  }

}
