import { Migration } from '@mikro-orm/migrations';

export class Migration20261204060153_idempotency_keys extends Migration {

  override name = 'Migration20261204060153_idempotency_keys';

  /** Each Idempotency-Key of an idempotent write and its sealed answer (idempotency-key.entity.ts). */
  override up(): void | Promise<void> {
    this.addSql(`create table "idempotency_keys" ("key_hash" varchar(64) not null, "procedure" varchar(100) not null, "fingerprint" varchar(64) not null, "claim" varchar(32) not null, "claimed_at" timestamptz not null default now(), "answer" text null, "resource_id" int null, "created_at" timestamptz not null default now(), primary key ("key_hash"));`);
    this.addSql(`create index "idempotency_keys_created_at_idx" on "idempotency_keys" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys" cascade;`);
  }

}
