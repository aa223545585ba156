import { Migration } from '@mikro-orm/migrations';

export class Migration20261123195213_email_source extends Migration {

  override name = 'Migration20261123195213_email_source';

  override up(): void | Promise<void> {
    this.addSql(`alter table "emails" add "source" jsonb null;`);
    this.addSql(`alter table "emails" alter column "html" drop not null;`);
    this.addSql(`alter table "emails" add constraint "emails_body_check" check (html is not null or source is not null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "emails" drop constraint "emails_body_check";`);
    this.addSql(`alter table "emails" drop column "source";`);
    this.addSql(`alter table "emails" alter column "html" set not null;`);
  }

}
