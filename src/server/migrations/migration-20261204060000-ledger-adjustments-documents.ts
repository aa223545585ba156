import { Migration } from '@mikro-orm/migrations';

export class Migration20261204060000_ledger_adjustments_documents extends Migration {

  override name = 'Migration20261204060000_ledger_adjustments_documents';

  /**
   * Adjustments are ledger lines with a signed amount (docs/payments.md#adjustments); invoices and credit
   * notes are kept as issued, numbered per series from a counter row (docs/invoices.md).
   */
  override up(): void | Promise<void> {
    this.addSql(`alter table "ledger_lines" drop constraint "ledger_lines_kind_check";`);
    this.addSql(`alter table "ledger_lines" add constraint "ledger_lines_kind_check" check (kind in ('payment', 'refund', 'adjustment'));`);
    this.addSql(`alter table "ledger_lines" drop constraint "ledger_lines_amount_check";`);
    this.addSql(`alter table "ledger_lines" add constraint "ledger_lines_amount_check" check (amount > 0 or (kind = 'adjustment' and amount <> 0));`);
    this.addSql(`create table "document_counters" ("series" varchar(12) not null, "last" int not null, primary key ("series"));`);
    this.addSql(`create table "money_documents" ("id" serial primary key, "booking_id" int not null, "kind" varchar(12) not null, "number" varchar(20) not null, "event" varchar(60) not null, "issued_at" timestamptz not null, "currency" varchar(3) not null, "total" int not null, "ledger_upto" int not null, "content" jsonb not null, constraint money_documents_kind_check check (kind in ('invoice', 'credit_note')));`);
    this.addSql(`create index "money_documents_booking_id_index" on "money_documents" ("booking_id");`);
    this.addSql(`alter table "money_documents" add constraint "money_documents_number_unique" unique ("number");`);
    this.addSql(`alter table "money_documents" add constraint "money_documents_event_unique" unique ("booking_id", "event");`);
    this.addSql(`alter table "money_documents" add constraint "money_documents_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "money_documents", "document_counters";`);
    this.addSql(`delete from "ledger_lines" where kind = 'adjustment';`);
    this.addSql(`alter table "ledger_lines" drop constraint "ledger_lines_amount_check";`);
    this.addSql(`alter table "ledger_lines" add constraint "ledger_lines_amount_check" check (amount > 0);`);
    this.addSql(`alter table "ledger_lines" drop constraint "ledger_lines_kind_check";`);
    this.addSql(`alter table "ledger_lines" add constraint "ledger_lines_kind_check" check (kind in ('payment', 'refund'));`);
  }

}
