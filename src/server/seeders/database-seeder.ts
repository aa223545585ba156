import type { EntityManager } from '@mikro-orm/postgresql';
import { Seeder } from '@mikro-orm/seeder';
import { BaseSeeder } from './base-seeder.ts';
import type { TSeedContext } from './context.ts';
import { DemoSeeder } from './demo-seeder.ts';

/** The base data, then the demo when the context asks for it. */
export class DatabaseSeeder extends Seeder<TSeedContext> {
  run(em: EntityManager, context: TSeedContext): Promise<void> {
    return this.call(em, [BaseSeeder, DemoSeeder], context);
  }
}
