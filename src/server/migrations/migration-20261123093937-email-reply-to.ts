import { Migration } from '@mikro-orm/migrations';

export class Migration20261123093937_email_reply_to extends Migration {

  override name = 'Migration20261123093937_email_reply_to';

  override up(): void | Promise<void> {
    this.addSql(`alter table "emails" add "reply_to" varchar(320) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "emails" drop column "reply_to";`);
  }

}
