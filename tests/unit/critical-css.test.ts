import { describe, expect, it } from 'vitest';
import { classesIn, criticalCssOf } from '../../src/server/http/critical-css.ts';

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
  const cut = criticalCssOf([sheet]);

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

  it("reads the markup's class attributes", () => {
    expect([...classesIn('<a class="x y"><b class=""></b><i data-class="z" class="x w"></i></a>')]).toEqual([
      'x',
      'y',
      'w',
    ]);
  });
});
