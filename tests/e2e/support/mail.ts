import fs from 'node:fs';
import path from 'node:path';
import { test } from '../fixtures.ts';

/** The working link of the newest email to `to` whose text has `marker` (the .eml the worker wrote). */
export function mailedLink(to: string, marker: RegExp): string {
  const index = test.info().parallelIndex;
  const dir = path.join(process.env.E2E_DATA_ROOT ?? '', index === 0 ? 'main' : `main-${index}`, 'mail');
  // The folder appears with the worker's first email.
  if (!fs.existsSync(dir)) return '';
  const mails = fs
    .readdirSync(dir)
    .map((f) => ({ f, at: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .map(({ f }) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((eml) => eml.toLowerCase().includes(`to: ${to}`));
  for (const eml of mails) {
    const link = marker.exec(eml)?.[1];
    if (link) return link;
  }
  return '';
}
