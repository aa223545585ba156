import { Migration20261122084653_initial as m0 } from './migration-20261122084653-initial.ts';

/** Every migration, in order. Listed explicitly so no file-system discovery is needed at start. */
export const migrationsList = [{ name: 'migration-20261122084653-initial', class: m0 }];
