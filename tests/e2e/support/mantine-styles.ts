import fs from 'node:fs';
import path from 'node:path';

/**
 * The Mantine styles the app needs, derived from its code: every value imported from '@mantine/core' in
 * src/client, followed through Mantine's own component modules to each CSS module they use (Select
 * reaches Combobox, Input, Popover…). For each CSS module: its layer file and a class with the
 * declarations of its first plain rule, so a page can prove the file is loaded by a computed style.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CORE = path.join(ROOT, 'node_modules/@mantine/core');
const COMPONENTS = path.join(CORE, 'esm/components');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every value (not type) the client imports from '@mantine/core'. */
export function mantineImports(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(path.join(ROOT, 'src/client'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/core'/g)) {
      if (m[1]) continue;
      for (const part of (m[2] ?? '').split(',')) {
        const name =
          part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '';
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** The CSS modules a component module reaches through Mantine's component modules. */
function cssModulesOf(entry: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    if (file.endsWith('.module.mjs')) {
      found.add(path.basename(file, '.module.mjs'));
      return;
    }
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/from\s+"(\.[^"]+\.mjs)"/g)) {
      const next = path.resolve(path.dirname(file), m[1] ?? '');
      // Only components: the core (providers, style props) brings no component CSS.
      if (next.startsWith(COMPONENTS)) visit(next);
    }
  };
  visit(entry);
  return found;
}

export interface TMantineStyle {
  /** The CSS module, e.g. 'Chip'; its file is @mantine/core/styles/Chip.layer.css. */
  module: string;
  /** The components of the app that need it. */
  usedBy: string[];
  className: string;
  /** The first plain rule's declarations: [property, value]. */
  declarations: [string, string][];
}

/** The CSS modules behind the app's Mantine imports (components without CSS, hooks and helpers add none). */
export function mantineStylesInUse(): TMantineStyle[] {
  const byModule = new Map<string, Set<string>>();
  for (const name of mantineImports()) {
    const entry = path.join(COMPONENTS, name, `${name}.mjs`);
    for (const module of cssModulesOf(entry))
      byModule.set(module, (byModule.get(module) ?? new Set()).add(name));
  }
  const styles: TMantineStyle[] = [];
  for (const [module, users] of [...byModule].sort(([a], [b]) => a.localeCompare(b))) {
    const css = path.join(CORE, 'styles', `${module}.layer.css`);
    if (!fs.existsSync(css)) throw new Error(`no stylesheet for Mantine's ${module} module`);
    const text = fs.readFileSync(css, 'utf8');
    // The first rule whose selector is one class alone, and what it declares.
    const rule = /(?:^|[{}\s])\.(m_[0-9a-f]+)\s*\{([^{}]*)\}/.exec(text);
    if (!rule?.[1]) throw new Error(`no plain class rule in ${module}.layer.css`);
    const declarations = (rule[2] ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d.includes(':'))
      .map((d): [string, string] => {
        const at = d.indexOf(':');
        return [d.slice(0, at).trim(), d.slice(at + 1).trim()];
      });
    styles.push({ module, usedBy: [...users].sort(), className: rule[1], declarations });
  }
  return styles;
}
