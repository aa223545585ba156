/**
 * Generates a migration from the difference between the entities and the committed migrations:
 * a throwaway embedded PostgreSQL gets every existing migration, then the ORM diffs the entities against it.
 * Usage: npm run db:migration:create -- [name]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../mikro-orm.config.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-migration-'));
const pgServer = await startEmbeddedPostgres({ dataDir: dir });
try {
  const orm = await MikroORM.init(ormConfig(pgServer.url));
  await orm.migrator.up();
  const result = await orm.migrator.create(undefined, false, false, process.argv[2]);
  await orm.close(true);
  console.log(result.fileName ? `created ${result.fileName}` : 'no changes: nothing to migrate');
  const files = fs
    .readdirSync('src/server/migrations')
    .filter((f) => f.startsWith('migration-') && f.endsWith('.ts'))
    .sort();
  const imports = files.map((f, i) => `import { ${className(f)} as m${i} } from './${f}';`).join('\n');
  fs.writeFileSync(
    'src/server/migrations/index.ts',
    `${imports}\n\n/** Every migration, in order. Listed explicitly so no file-system discovery is needed at start. */\nexport const migrationsList = [${files
      .map((f, i) => `{ name: '${f.replace(/\.ts$/, '')}', class: m${i} }`)
      .join(', ')}];\n`,
  );
} finally {
  await pgServer.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

function className(file: string): string {
  const src = fs.readFileSync(path.join('src/server/migrations', file), 'utf8');
  const m = /export class (\w+)/.exec(src);
  if (!m?.[1]) throw new Error(`no class in ${file}`);
  return m[1];
}
