import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

let root: string | undefined;

// Test files run isolated, so this module (and this hook) is fresh in each file: the file's folders
// go when the file is done. (npm test also points TMPDIR at a folder of its own and removes it,
// which covers interrupted runs.)
afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A fresh folder under one folder per test file, removed after the file's last test. */
export function tempDir(prefix: string): string {
  if (!root) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-test-'));
    // The embedded PostgreSQL runs as its own user when we are root, and must reach folders inside.
    fs.chmodSync(root, 0o755);
  }
  return fs.mkdtempSync(path.join(root, prefix));
}
