import { Migration } from '@mikro-orm/migrations';
import { guessHomeTimeZone } from '#shared/home-time.ts';

export class Migration20261127011530_home_time_zone extends Migration {

  override name = 'Migration20261127011530_home_time_zone';

  /**
   * Each home's own time zone (docs/cancellation.md#the-homes-local-time). Existing homes get the zone the
   * site guessed for them until now, by the same function, so no deadline or message time moves.
   */
  override async up(): Promise<void> {
    await this.execute(`alter table "properties" add "time_zone" varchar(64) not null default 'UTC';`);
    const homes = (await this.execute(
      `select "id", "location", "latitude", "longitude" from "properties"`,
    )) as { id: number; location: string; latitude: string | null; longitude: string | null }[];
    const byZone = new Map<string, number[]>();
    for (const home of homes) {
      const zone = guessHomeTimeZone(home);
      if (zone === 'UTC') continue;
      byZone.set(zone, [...(byZone.get(zone) ?? []), home.id]);
    }
    for (const [zone, ids] of byZone)
      await this.execute(`update "properties" set "time_zone" = ? where "id" = any(?::int[])`, [
        zone,
        `{${ids.join(',')}}`,
      ]);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "properties" drop column "time_zone";`);
  }

}
