import { Migration } from '@mikro-orm/migrations';

/**
 * The site's guess of a home's zone as it stood when this migration was made, in SQL: the zone of the
 * nearest place within 600 km of the home's coordinates (ties to the first listed), else of the first place
 * its address names, else UTC. Coordinates that are not plain decimals count as none.
 */
const GUESS = String.raw`
with places (ord, name, lat, lng, zone) as (
    values
      (1, 'New York', 40.7128, -74.006, 'America/New_York'),
      (2, 'Boston', 42.3601, -71.0589, 'America/New_York'),
      (3, 'Philadelphia', 39.9526, -75.1652, 'America/New_York'),
      (4, 'Washington DC', 38.9072, -77.0369, 'America/New_York'),
      (5, 'Atlanta', 33.749, -84.388, 'America/New_York'),
      (6, 'Miami', 25.7617, -80.1918, 'America/New_York'),
      (7, 'Florida', 27.9944, -81.7603, 'America/New_York'),
      (8, 'Toronto', 43.6532, -79.3832, 'America/Toronto'),
      (9, 'Chicago', 41.8781, -87.6298, 'America/Chicago'),
      (10, 'Nashville', 36.1627, -86.7816, 'America/Chicago'),
      (11, 'New Orleans', 29.9511, -90.0715, 'America/Chicago'),
      (12, 'Austin', 30.2672, -97.7431, 'America/Chicago'),
      (13, 'Dallas', 32.7767, -96.797, 'America/Chicago'),
      (14, 'Houston', 29.7604, -95.3698, 'America/Chicago'),
      (15, 'Texas', 31.9686, -99.9018, 'America/Chicago'),
      (16, 'Mexico City', 19.4326, -99.1332, 'America/Mexico_City'),
      (17, 'Denver', 39.7392, -104.9903, 'America/Denver'),
      (18, 'Aspen', 39.1911, -106.8175, 'America/Denver'),
      (19, 'Colorado', 39.5501, -105.7821, 'America/Denver'),
      (20, 'Phoenix', 33.4484, -112.074, 'America/Phoenix'),
      (21, 'Sedona', 34.8697, -111.761, 'America/Phoenix'),
      (22, 'Arizona', 34.0489, -111.0937, 'America/Phoenix'),
      (23, 'Las Vegas', 36.1699, -115.1398, 'America/Los_Angeles'),
      (24, 'Los Angeles', 34.0522, -118.2437, 'America/Los_Angeles'),
      (25, 'Malibu', 34.0259, -118.7798, 'America/Los_Angeles'),
      (26, 'Big Bear', 34.2439, -116.9114, 'America/Los_Angeles'),
      (27, 'San Diego', 32.7157, -117.1611, 'America/Los_Angeles'),
      (28, 'San Francisco', 37.7749, -122.4194, 'America/Los_Angeles'),
      (29, 'California', 36.7783, -119.4179, 'America/Los_Angeles'),
      (30, 'Portland', 45.5152, -122.6784, 'America/Los_Angeles'),
      (31, 'Seattle', 47.6062, -122.3321, 'America/Los_Angeles'),
      (32, 'London', 51.5074, -0.1278, 'Europe/London'),
      (33, 'Edinburgh', 55.9533, -3.1883, 'Europe/London'),
      (34, 'United Kingdom', 54.0, -2.0, 'Europe/London'),
      (35, 'Paris', 48.8566, 2.3522, 'Europe/Paris'),
      (36, 'Amsterdam', 52.3676, 4.9041, 'Europe/Amsterdam'),
      (37, 'Berlin', 52.52, 13.405, 'Europe/Berlin'),
      (38, 'Tuscany', 43.7711, 11.2486, 'Europe/Rome'),
      (39, 'Italy', 41.8719, 12.5674, 'Europe/Rome'),
      (40, 'Rovaniemi', 66.5039, 25.7294, 'Europe/Helsinki'),
      (41, 'Finland', 61.9241, 25.7482, 'Europe/Helsinki'),
      (42, 'Dubai', 25.2048, 55.2708, 'Asia/Dubai'),
      (43, 'Islamabad', 33.6844, 73.0479, 'Asia/Karachi'),
      (44, 'Pakistan', 30.3753, 69.3451, 'Asia/Karachi'),
      (45, 'Tokyo', 35.6762, 139.6503, 'Asia/Tokyo'),
      (46, 'Japan', 36.2048, 138.2529, 'Asia/Tokyo'),
      (47, 'Sydney', -33.8688, 151.2093, 'Australia/Sydney')
  ), guess as (
    select h.id,
           coalesce((select p.zone from places p
                      where c.la is not null and c.lo is not null
                        and 2 * 6371 * asin(sqrt(sin(radians(p.lat - c.la) / 2) ^ 2
                              + cos(radians(c.la)) * cos(radians(p.lat))
                              * sin(radians(p.lng - c.lo) / 2) ^ 2)) <= 600
                      order by 2 * 6371 * asin(sqrt(sin(radians(p.lat - c.la) / 2) ^ 2
                              + cos(radians(c.la)) * cos(radians(p.lat))
                              * sin(radians(p.lng - c.lo) / 2) ^ 2)), p.ord
                      limit 1),
                    (select p.zone from places p where strpos(lower(h.location), lower(p.name)) > 0 order by p.ord limit 1),
                    'UTC') as zone
      from properties h
     cross join lateral (
       select case when h.latitude ~ '^\s*-?[0-9]+(\.[0-9]*)?\s*$' then h.latitude::float8 end as la,
              case when h.longitude ~ '^\s*-?[0-9]+(\.[0-9]*)?\s*$' then h.longitude::float8 end as lo) c
  )
update "properties" p set "time_zone" = g.zone from guess g where g.id = p.id and g.zone <> 'UTC';
`;

export class Migration20261127011530_home_time_zone extends Migration {

  override name = 'Migration20261127011530_home_time_zone';

  /**
   * Each home's own time zone (docs/cancellation.md#the-homes-local-time). Existing homes get the zone the
   * site guessed for them until now, by the same rule, so no deadline or message time moves.
   */
  override up(): void | Promise<void> {
    this.addSql(`alter table "properties" add "time_zone" varchar(64) not null default 'UTC';`);
    this.addSql(GUESS);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "properties" drop column "time_zone";`);
  }

}
