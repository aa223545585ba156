import { parse, type Container, type Declaration, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/*
 * The CSS a first screen needs (docs/decisions.md#first-response), out of the app's built stylesheets:
 * the rules whose selectors can match the server-rendered markup's classes, with every at-rule they sit
 * in, and every rule that names no class (the element defaults, Mantine's colour variables), less the
 * custom properties none of them reads and the rules for hover and focus. Inlined in
 * the page, it lets the phone paint that markup as the app would draw it before any stylesheet arrives;
 * the stylesheets themselves load after the first paint, as the app's code does.
 *
 * PostCSS parses each stylesheet and postcss-selector-parser its selectors, once; what a page's markup
 * needs is then picked from the compact tree built here, without parsing anything again.
 */

/** A declaration as written, and the custom properties its value reads. */
interface TDecl {
  text: string;
  refs: string[];
}

/** A stylesheet's items: a style rule, a grouping at-rule with its own items, or an item kept as it is. */
type TNode =
  | {
      kind: 'rule';
      selectors: TSelector[];
      /** The inside of a rule that holds rules of its own (nesting), kept as it is. */
      nested: TDecl | undefined;
      plain: TDecl[];
      custom: (TDecl & { name: string })[];
    }
  | { kind: 'group'; prelude: string; layer: boolean; children: TNode[] }
  | { kind: 'text'; text: string; refs: string[] };

/** A selector and the classes an element must have somewhere in the markup for it to match. */
interface TSelector {
  text: string;
  classes: string[];
}

/**
 * States an inert screen is never in, before the app replaces it: their rules are left to the app's
 * stylesheets. (`:disabled` and the like describe the markup, and stay.)
 */
const INTERACTION = new Set([':hover', ':active', ':focus', ':focus-visible', ':focus-within']);

/** Groups whose rules apply as the rules in them do; any other at-rule block (@keyframes, @font-face) is kept whole. */
const GROUPING = new Set(['media', 'supports', 'layer', 'container']);

const VAR_REF = /var\(\s*(--[\w-]+)/g;
const varsIn = (text: string) => [...text.matchAll(VAR_REF)].map((m) => m[1] ?? '');

const selectorReader = selectorParser();

/**
 * The rule's selectors that a screen nobody touches can match, each with the classes it requires. Those
 * inside pseudo-classes' arguments (`:not()`, `:where()`, `:has()`…) are left out: ignoring them can
 * only keep a rule that was not needed.
 */
function selectorsOf(rule: Rule): TSelector[] {
  let list: selectorParser.Root;
  try {
    list = selectorReader.astSync(rule.selector);
  } catch {
    // A selector the parser cannot read is kept, as one naming no class: a rule too many costs bytes only.
    return [{ text: rule.selector, classes: [] }];
  }
  const out: TSelector[] = [];
  for (const selector of list.nodes) {
    let interactive = false;
    selector.walkPseudos((pseudo) => {
      if (INTERACTION.has(pseudo.value.toLowerCase())) interactive = true;
    });
    if (interactive) continue;
    const classes = selector.nodes.filter(selectorParser.isClassName).map((c) => c.value);
    out.push({ text: selector.toString().trim(), classes });
  }
  return out;
}

const declOf = (decl: Declaration): TDecl => ({ text: decl.toString(), refs: varsIn(decl.value) });

function ruleNode(rule: Rule): TNode | undefined {
  const matchable = selectorsOf(rule);
  if (!matchable.length) return undefined;
  const node: TNode = { kind: 'rule', selectors: matchable, nested: undefined, plain: [], custom: [] };
  if (rule.nodes.some((child) => child.type === 'rule' || child.type === 'atrule')) {
    // Its inside as written: the rule without its selector, less the braces.
    const text = rule.clone({ selector: '' }).toString();
    const inside = text.slice(text.indexOf('{') + 1, text.lastIndexOf('}'));
    node.nested = { text: inside, refs: varsIn(inside) };
    return node;
  }
  rule.each((child) => {
    if (child.type !== 'decl') return;
    if (child.prop.startsWith('--')) node.custom.push({ ...declOf(child), name: child.prop });
    else node.plain.push(declOf(child));
  });
  return node;
}

/** The stylesheet's items, comments left out. */
function itemsOf(container: Container): TNode[] {
  const nodes: TNode[] = [];
  container.each((child) => {
    if (child.type === 'rule') {
      const rule = ruleNode(child);
      if (rule) nodes.push(rule);
    } else if (child.type === 'atrule') {
      const name = child.name.toLowerCase();
      if (child.nodes && GROUPING.has(name)) {
        const prelude = `@${child.name}${child.raws.afterName ?? ' '}${child.params}`.trim();
        nodes.push({ kind: 'group', prelude, layer: name === 'layer', children: itemsOf(child) });
      } else {
        // A statement (`@layer a, b;`, `@charset`) or a block kept whole (`@keyframes`, `@font-face`).
        const text = child.nodes ? child.toString() : `${child.toString()};`;
        nodes.push({ kind: 'text', text, refs: varsIn(text) });
      }
    }
  });
  return nodes;
}

/** A kept rule: the selectors the markup can match, and the rule's declarations. */
interface TKept {
  selector: string;
  rule: Extract<TNode, { kind: 'rule' }>;
}

/** The rules and at-rules the classes can use, as a tree of kept items and the text around them. */
type TOut = TDecl | TKept | { prelude: string; layer: boolean; children: TOut[] };

function keep(nodes: TNode[], has: (cls: string) => boolean): TOut[] {
  const out: TOut[] = [];
  for (const node of nodes) {
    if (node.kind === 'text') out.push(node);
    else if (node.kind === 'group') {
      const children = keep(node.children, has);
      // An empty `@layer x {}` still fixes the layer's order: kept like the statement form.
      if (children.length || node.layer) out.push({ prelude: node.prelude, layer: node.layer, children });
    } else {
      const kept = node.selectors.filter((sel) => sel.classes.every(has));
      if (kept.length) out.push({ selector: kept.map((sel) => sel.text).join(','), rule: node });
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
  const use = (refs: string[]) => refs.forEach((v) => used.add(v));
  const walk = (items: TOut[]) => {
    for (const item of items) {
      if ('refs' in item) use(item.refs);
      else if ('children' in item) walk(item.children);
      else {
        if (item.rule.nested) use(item.rule.nested.refs);
        item.rule.plain.forEach((decl) => use(decl.refs));
        for (const { name, refs } of item.rule.custom)
          defined.set(name, [...(defined.get(name) ?? []), ...refs]);
      }
    }
  };
  walk(tree);
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const ref of defined.get(name) ?? []) {
      if (!used.has(ref)) {
        used.add(ref);
        queue.push(ref);
      }
    }
  }
  return used;
}

function serialize(items: TOut[], used: Set<string>): string {
  let out = '';
  for (const item of items) {
    if ('refs' in item) out += item.text;
    else if ('children' in item) {
      const inner = serialize(item.children, used);
      if (inner || item.layer) out += `${item.prelude}{${inner}}`;
    } else if (item.rule.nested) out += `${item.selector}{${item.rule.nested.text}}`;
    else {
      const decls = [
        ...item.rule.plain.map((d) => d.text),
        ...item.rule.custom.filter((c) => used.has(c.name)).map((c) => c.text),
      ];
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

/** A stylesheet, parsed for {@link criticalCssOf}. */
export interface TStylesheet {
  readonly items: TNode[];
}

export function parseStylesheet(css: string): TStylesheet {
  return { items: itemsOf(parse(css)) };
}

/** Answers kept per set of classes and properties: a page's first screens use a handful of such sets. */
const CACHED = 64;

/**
 * A filter over the given stylesheets, in their order: the CSS that the markup can use. The markup's own
 * `<style>` and `style` attributes count as using the custom properties they read.
 */
export function criticalCssOf(stylesheets: TStylesheet[]): (html: string) => string {
  const tree = stylesheets.flatMap((sheet) => sheet.items);
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
