import { Migration } from '@mikro-orm/migrations';

export class Migration20261126223030_staff_roles extends Migration {

  override name = 'Migration20261126223030_staff_roles';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "staff_role" varchar(20) null;`);
    this.addSql(`alter table "users" add constraint "users_staff_role_check" check ("staff_role" in ('manager', 'housekeeper', 'owner'));`);
    this.addSql(`create table "staff_homes" ("user_id" int not null, "property_id" int not null, constraint "staff_homes_pkey" primary key ("user_id", "property_id"));`);
    this.addSql(`create index "staff_homes_property_id_index" on "staff_homes" ("property_id");`);
    this.addSql(`alter table "staff_homes" add constraint "staff_homes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "staff_homes" add constraint "staff_homes_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "staff_invitations" ("id" serial primary key, "token_hash" varchar(64) not null, "email" varchar(254) not null, "name" varchar(100) null, "role" varchar(20) not null, "property_ids" integer[] not null default '{}', "invited_by_id" int null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "accepted_at" timestamptz null, "revoked_at" timestamptz null);`);
    this.addSql(`alter table "staff_invitations" add constraint "staff_invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "staff_invitations" add constraint "staff_invitations_role_check" check ("role" in ('owner-operator', 'manager', 'housekeeper', 'owner'));`);
    this.addSql(`alter table "staff_invitations" add constraint "staff_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "staff_invitations_open_idx" on "staff_invitations" (lower("email")) where "accepted_at" is null and "revoked_at" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "staff_invitations" cascade;`);
    this.addSql(`drop table if exists "staff_homes" cascade;`);
    this.addSql(`alter table "users" drop constraint if exists "users_staff_role_check";`);
    this.addSql(`alter table "users" drop column if exists "staff_role";`);
  }

}
