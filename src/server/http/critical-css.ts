/*
 * The CSS a first screen needs (docs/decisions.md#first-response), out of the app's built stylesheets:
 * the rules whose selectors can match the server-rendered markup's classes, with every at-rule they sit
 * in, and every rule that names no class (the element defaults, Mantine's colour variables), less the
 * custom properties none of them reads and the rules for hover and focus. Inlined in
 * the page, it lets the phone paint that markup as the app would draw it before any stylesheet arrives;
 * the stylesheets themselves load after the first paint, as the app's code does.
 */

/** A stylesheet's top-level items: a style rule, or an at-rule with its own items or its text. */
type TNode =
  | { kind: 'rule'; selectors: TSelector[]; body: string }
  | { kind: 'group'; prelude: string; children: TNode[] }
  | { kind: 'text'; text: string };

/** A selector and the classes an element must have somewhere in the markup for it to match. */
interface TSelector {
  text: string;
  classes: string[];
}

/**
 * States an inert screen is never in, before the app replaces it: their rules are left to the app's
 * stylesheets. (`:disabled` and the like describe the markup, and stay.)
 */
const INTERACTION = /:(hover|active|focus|focus-visible|focus-within)\b/;

/** Groups whose rules apply as the rules in them do; any other at-rule block (@keyframes, @font-face) is kept whole. */
const GROUPING = /^@(media|supports|layer|container)\b/i;

/**
 * Where a string or comment that starts at `i` ends (its last character; the text's length when it never
 * closes), or -1 when none starts there: the scanners below look past both.
 */
function literalEnd(css: string, i: number): number {
  const c = css[i];
  if (c === '"' || c === "'") {
    const end = css.indexOf(c, i + 1);
    return end < 0 ? css.length : end;
  }
  if (c === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    return end < 0 ? css.length : end + 1;
  }
  return -1;
}

/** The index of the first `;` or `{` from `from` outside strings, comments, parentheses and brackets. */
function preludeEnd(css: string, from: number): number {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    const literal = literalEnd(css, i);
    if (literal >= css.length) return css.length;
    if (literal >= 0) i = literal;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ';' || c === '{')) return i;
  }
  return css.length;
}

/** The index of the `}` that closes the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    const literal = literalEnd(css, i);
    if (literal >= css.length) return css.length;
    if (literal >= 0) i = literal;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** Splits at the commas outside parentheses and brackets. */
function topLevelList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/**
 * The classes a selector requires. Those inside parentheses (`:not()`, `:where()`, `:has()`…) and
 * attribute values are left out: ignoring them can only keep a rule that was not needed.
 */
function requiredClasses(selector: string): string[] {
  let flat = '';
  let depth = 0;
  for (const c of selector) {
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) flat += c;
  }
  return [...flat.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? '');
}

function parse(css: string): TNode[] {
  const nodes: TNode[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i] ?? '')) i++;
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    if (i >= css.length) break;
    const stop = preludeEnd(css, i);
    const prelude = css.slice(i, stop).trim();
    if (css[stop] !== '{') {
      // A statement (`@layer a, b;`, `@charset`): kept as it is.
      if (prelude) nodes.push({ kind: 'text', text: `${prelude};` });
      i = stop + 1;
      continue;
    }
    const end = blockEnd(css, stop);
    const body = css.slice(stop + 1, end);
    if (prelude.startsWith('@')) {
      nodes.push(
        GROUPING.test(prelude)
          ? { kind: 'group', prelude, children: parse(body) }
          : { kind: 'text', text: `${prelude}{${body}}` },
      );
    } else {
      const selectors = topLevelList(prelude).map((text) => ({ text, classes: requiredClasses(text) }));
      nodes.push({ kind: 'rule', selectors, body });
    }
    i = end + 1;
  }
  return nodes;
}

/** The declarations of a rule's body, split at the semicolons outside parentheses and strings. */
function declarations(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "'") {
      const close = body.indexOf(c, i + 1);
      i = close < 0 ? body.length : close;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) {
      out.push(body.slice(from, i));
      from = i + 1;
    }
  }
  out.push(body.slice(from));
  return out.map((d) => d.trim()).filter(Boolean);
}

const VAR_REF = /var\(\s*(--[\w-]+)/g;
const varsIn = (text: string) => [...text.matchAll(VAR_REF)].map((m) => m[1] ?? '');

/** A kept rule's selectors and declarations, custom properties apart from the rest. */
interface TKept {
  selector: string;
  /** The body as it is, for a rule with nested rules in it. */
  body: string | undefined;
  plain: string[];
  custom: { name: string; decl: string }[];
}

/** The rules and at-rules the classes can use, as a tree of kept items and the text around them. */
type TOut = string | TKept | { prelude: string; children: TOut[] };

function keep(nodes: TNode[], has: (cls: string) => boolean): TOut[] {
  const out: TOut[] = [];
  for (const node of nodes) {
    if (node.kind === 'text') out.push(node.text);
    else if (node.kind === 'group') {
      const children = keep(node.children, has);
      // An empty `@layer x {}` still fixes the layer's order: kept like the statement form.
      if (children.length || /^@layer\b/i.test(node.prelude)) out.push({ prelude: node.prelude, children });
    } else {
      const kept = node.selectors.filter((sel) => !INTERACTION.test(sel.text) && sel.classes.every(has));
      if (!kept.length) continue;
      const selector = kept.map((sel) => sel.text).join(',');
      if (node.body.includes('{')) {
        out.push({ selector, body: node.body, plain: [], custom: [] });
        continue;
      }
      const item: TKept = { selector, body: undefined, plain: [], custom: [] };
      for (const decl of declarations(node.body)) {
        const name = decl.slice(0, decl.indexOf(':')).trim();
        if (name.startsWith('--')) item.custom.push({ name, decl });
        else item.plain.push(decl);
      }
      out.push(item);
    }
  }
  return out;
}

/**
 * The custom properties the kept CSS and the markup use, followed through the properties that refer to
 * others: Mantine declares some seven hundred on `:root`, and a first screen reads a few dozen.
 */
function usedProperties(tree: TOut[], markup: string): Set<string> {
  const used = new Set(varsIn(markup));
  const defined = new Map<string, string[]>();
  const walk = (items: TOut[]) => {
    for (const item of items) {
      if (typeof item === 'string') varsIn(item).forEach((v) => used.add(v));
      else if ('children' in item) walk(item.children);
      else {
        if (item.body !== undefined) varsIn(item.body).forEach((v) => used.add(v));
        for (const decl of item.plain) varsIn(decl).forEach((v) => used.add(v));
        for (const { name, decl } of item.custom) defined.set(name, [...(defined.get(name) ?? []), decl]);
      }
    }
  };
  walk(tree);
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const decl of defined.get(name) ?? []) {
      for (const ref of varsIn(decl.slice(decl.indexOf(':') + 1))) {
        if (!used.has(ref)) {
          used.add(ref);
          queue.push(ref);
        }
      }
    }
  }
  return used;
}

function serialize(items: TOut[], used: Set<string>): string {
  let out = '';
  for (const item of items) {
    if (typeof item === 'string') out += item;
    else if ('children' in item) {
      const inner = serialize(item.children, used);
      if (inner || /^@layer\b/i.test(item.prelude)) out += `${item.prelude}{${inner}}`;
    } else if (item.body !== undefined) out += `${item.selector}{${item.body}}`;
    else {
      const decls = [...item.plain, ...item.custom.filter((c) => used.has(c.name)).map((c) => c.decl)];
      if (decls.length) out += `${item.selector}{${decls.join(';')}}`;
    }
  }
  return out;
}

/** Every class name the markup's `class` attributes use. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (m[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Answers kept per set of classes and properties: a page's first screens use a handful of such sets. */
const CACHED = 64;

/**
 * A filter over the given stylesheets, parsed once: the CSS that the markup can use. The markup's own
 * `<style>` and `style` attributes count as using the custom properties they read.
 */
export function criticalCssOf(stylesheets: string[]): (html: string) => string {
  const tree = stylesheets.flatMap(parse);
  const cache = new Map<string, string>();
  return (html) => {
    const classes = classesIn(html);
    const key = `${[...classes].sort().join(' ')}|${[...new Set(varsIn(html))].sort().join(' ')}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const kept = keep(tree, (cls) => classes.has(cls));
    const css = serialize(kept, usedProperties(kept, html));
    if (cache.size >= CACHED) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, css);
    return css;
  };
}
