import { describe, expect, it } from 'vitest';
import { classesIn, criticalCssOf, parseStylesheet } from '../../src/server/http/critical-css.ts';

/** The first screen's CSS, cut from the app's stylesheets (docs/decisions.md#first-response). */
describe('critical CSS', () => {
  const sheet =
    '@layer mantine,app;' +
    ':root{--a:1px;--b:var(--c);--c:2px;--d:3px;--e:4px}' +
    '[data-mantine-color-scheme=dark]{--a:5px}' +
    '@layer mantine{.m_a{padding:var(--a)}.m_a:hover,.m_a:focus-visible{color:blue}.m_b,.m_a:not(.m_z){margin:0}.m_x .m_a{color:red}' +
    '@media (min-width:36em){.m_a:where(.m_q,.m_r){gap:var(--b)}.m_y{gap:0}}}' +
    '@keyframes spin{to{transform:rotate(1turn)}}' +
    '.m_y{content:".m_a{"}' +
    '/* a comment .m_a{} */html{margin:0}';
  const cut = criticalCssOf([parseStylesheet(sheet)]);

  it('keeps the rules whose classes the markup uses, the at-rules around them, and rules naming no class', () => {
    const css = cut('<div class="m_a  other"><i style="width:var(--e)"></i></div>');
    expect(css).toBe(
      '@layer mantine,app;' +
        ':root{--a:1px;--b:var(--c);--c:2px;--e:4px}' +
        '[data-mantine-color-scheme=dark]{--a:5px}' +
        // Classes inside :not() and :where() never rule a selector out; a class in a list that is absent does.
        '@layer mantine{.m_a{padding:var(--a)}.m_a:not(.m_z){margin:0}' +
        '@media (min-width:36em){.m_a:where(.m_q,.m_r){gap:var(--b)}}}' +
        '@keyframes spin{to{transform:rotate(1turn)}}' +
        'html{margin:0}',
    );
  });

  it('drops the custom properties nothing reads, following the ones that read others', () => {
    const css = cut('<p class="m_y"></p>');
    // Only `.m_y` (whose string holds a brace) is used: no property is read, the empty :root goes.
    expect(css).toBe(
      '@layer mantine,app;@layer mantine{@media (min-width:36em){.m_y{gap:0}}}' +
        '@keyframes spin{to{transform:rotate(1turn)}}.m_y{content:".m_a{"}html{margin:0}',
    );
  });

  it('reads selectors as CSS does: escapes, attribute values, strings and comments', () => {
    const tricky = parseStylesheet(
      // An escaped class, a class in an attribute's value, a comma and braces inside strings.
      '.sm\\:p-0{padding:0}[data-x=".m_q"]{margin:0}.m_a[title="a,.m_z{"]{gap:0}' +
        // A comment between declarations, and `;` inside a string and a function.
        '.m_b{/* .m_z{color:red} */color:red;content:";";background:url(a;b.png)}' +
        // A rule with rules of its own stays whole; @font-face too; @supports groups like @media.
        '.m_c{color:blue;&>.m_z{color:red}}@font-face{font-family:x;src:url(x.woff2)}' +
        '@supports (display:grid){.m_a{display:grid}.m_z{display:block}}',
    );
    const css = criticalCssOf([tricky])('<i class="sm:p-0 m_a m_b m_c"></i>');
    expect(css).toBe(
      '.sm\\:p-0{padding:0}[data-x=".m_q"]{margin:0}.m_a[title="a,.m_z{"]{gap:0}' +
        '.m_b{color:red;content:";";background:url(a;b.png)}' +
        '.m_c{color:blue;&>.m_z{color:red}}@font-face{font-family:x;src:url(x.woff2)}' +
        '@supports (display:grid){.m_a{display:grid}}',
    );
    // `.m_z` in a string, a comment or a nested rule is no rule of its own.
    expect(criticalCssOf([tricky])('<i class="m_z"></i>')).toBe(
      '[data-x=".m_q"]{margin:0}@font-face{font-family:x;src:url(x.woff2)}@supports (display:grid){.m_z{display:block}}',
    );
  });

  it('keeps a rule whose selector the selector parser cannot read, as one naming no class', () => {
    expect(criticalCssOf([parseStylesheet('.m_a/b{color:red}.m_z{color:blue}')])('<i></i>')).toBe(
      '.m_a/b{color:red}',
    );
  });

  it("reads the markup's class attributes", () => {
    expect([...classesIn('<a class="x y"><b class=""></b><i data-class="z" class="x w"></i></a>')]).toEqual([
      'x',
      'y',
      'w',
    ]);
  });
});
