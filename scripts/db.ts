/** npm run db:migrate | db:seed | db:reset — against DATABASE_URL, or the embedded database under DATA_DIR. */
import fs from 'node:fs';
import { migrate, openDatabase } from '../src/server/db/database.ts';
import { readEnv } from '../src/server/env.ts';
import { seedDatabase } from '../src/server/seeders/seed.ts';
import { mediaStoreFromEnv } from '../src/server/services/media/from-env.ts';

const command = process.argv[2];
const env = readEnv();
const db = await openDatabase(env);
try {
  if (command === 'reset') {
    await db.orm.em.getConnection().execute('drop schema public cascade; create schema public;');
    fs.rmSync(env.mediaDir, { recursive: true, force: true });
    console.log('database emptied');
  }
  if (command === 'migrate' || command === 'reset' || command === 'seed') {
    await migrate(db.orm, db.url);
    console.log('migrations applied');
  }
  if (command === 'seed' || command === 'reset') {
    await seedDatabase(db, { ...env, demo: env.seedDemoContent && { media: mediaStoreFromEnv(env) } });
    console.log('seed data in place');
  }
  if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
    console.error('usage: node scripts/db.ts migrate|seed|reset');
    process.exitCode = 2;
  }
} finally {
  await db.close();
}
