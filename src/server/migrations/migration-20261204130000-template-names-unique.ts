import { Migration } from '@mikro-orm/migrations';

export class Migration20261204130000_template_names_unique extends Migration {

  override name = 'Migration20261204130000_template_names_unique';

  /**
   * Template names are unique whatever their case. Names an install already repeats keep the oldest as
   * written; each later one gets its id appended, so no template is lost and the index can be built.
   */
  override up(): void | Promise<void> {
    this.addSql(`update "message_templates" t set "name" = left(t."name", 90) || ' (' || t."id" || ')' where exists (select 1 from "message_templates" o where lower(o."name") = lower(t."name") and o."id" < t."id");`);
    this.addSql(`create unique index "message_templates_name_lower_idx" on "message_templates" (lower("name"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "message_templates_name_lower_idx";`);
  }

}
