import type { TEnv } from '../env.ts';
import type { TMediaStore } from '../services/media/store.ts';

/** What the seeders need besides the EntityManager: the admin account, and the demo's media store. */
export interface TSeedContext {
  adminUsername: TEnv['adminUsername'];
  adminPassword: TEnv['adminPassword'];
  /** Seed the demo (listings, photos, guests, reviews, bookings) into this media store; false: base data only. */
  demo: { media: TMediaStore } | false;
  [key: string]: unknown;
}
