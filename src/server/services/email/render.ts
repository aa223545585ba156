import mjml2html from 'mjml';
import { formatMoney, toMajor } from '#shared/money.ts';
import type { TEmailSource, TStoredEmailBlock } from '../../entities/outbox-email.entity.ts';

/**
 * Every email is built from MJML blocks (docs/features.md#emails): MJML writes the table markup mail clients need, we
 * only say what goes in. Each block carries its plain-text twin, so every email has both parts.
 * Guest-supplied text only ever enters the markup through `esc`, in blockMjml below.
 */

/** Escapes text for HTML (and MJML, which passes the content of its text blocks through as HTML). */
export function esc(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface TEmailBlock {
  /**
   * The block's content as the outbox stores it (blockMjml writes its markup when the email is
   * rendered): a booking's two emails weigh ~2.3 KB instead of ~5 KB of MJML, under the size at which
   * PostgreSQL compresses a row (~2 KB), in the booking's own statement.
   */
  stored: Exclude<TStoredEmailBlock, string>;
  text: string;
}

/** What every email shows around its content: the site's name and logo, and a heading. */
export interface TEmailFrame {
  siteName: string;
  /** Absolute URL of the logo (a PNG: mail clients do not show SVG). */
  logoUrl: string;
  heading: string;
  /** The inbox's one-line preview; the first paragraph when not given. */
  preview?: string;
}

export interface TEmailAction {
  label: string;
  url: string;
}

/** Tests check every template against MJML's rules; production skips the check (it costs each send time). */
const VALIDATION = process.env.NODE_ENV === 'test' || process.env.VITEST ? 'strict' : 'skip';

/** Text and surfaces follow the reader's colour scheme; the brand button reads the same in both. */
const LIGHT_TEXT = '#1f2328';
const LIGHT_MUTED = '#57606a';
const BRAND = '#d6193e';

const HEAD = (heading: string, preview: string) => `<mj-head>
    <mj-title>${esc(heading)}</mj-title>
    <mj-preview>${esc(preview)}</mj-preview>
    <mj-raw><meta name="color-scheme" content="light dark" /><meta name="supported-color-schemes" content="light dark" /></mj-raw>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text font-size="15px" line-height="1.55" color="${LIGHT_TEXT}" padding="0 0 14px" css-class="e-text" />
      <mj-table font-size="15px" line-height="1.5" color="${LIGHT_TEXT}" padding="0 0 14px" css-class="e-text" />
      <mj-section padding="0" />
      <mj-column padding="0" />
    </mj-attributes>
    <mj-style>
      :root { color-scheme: light dark; supported-color-schemes: light dark; }
      .e-muted div { color: ${LIGHT_MUTED}; }
      @media (prefers-color-scheme: dark) {
        .e-text div, .e-text td, .e-text th, .e-text span { color: #e6edf3 !important; }
        .e-muted div, .e-muted td { color: #aeb8c2 !important; }
        .e-rule p { border-top-color: #3d444d !important; }
      }
      [data-ogsc] .e-text div, [data-ogsc] .e-text td { color: #e6edf3 !important; }
    </mj-style>
  </mj-head>`;

/**
 * One email, composed: its plain text, and the source its HTML is rendered from. Cheap (string joins),
 * so it runs in the transaction that causes the email; the MJML render waits for the worker.
 */
export function composeEmail(
  frame: TEmailFrame,
  blocks: TEmailBlock[],
  action?: TEmailAction,
): { source: TEmailSource; text: string } {
  const text = [frame.siteName, frame.heading, ...blocks.map((b) => b.text)]
    .concat(action ? [`${action.label}: ${action.url}`] : [])
    .join('\n\n');
  return {
    source: {
      siteName: frame.siteName,
      logoUrl: frame.logoUrl,
      heading: frame.heading,
      preview: frame.preview ?? blocks[0]?.text.split('\n')[0] ?? frame.heading,
      blocks: blocks.map((b) => b.stored),
      action: action ?? null,
    },
    text: `${text}\n`,
  };
}

/** An email's HTML (MJML), from its composed source: when it is sent, or previewed before. */
export async function renderEmailHtml(source: TEmailSource): Promise<string> {
  const { action } = source;
  const button = action
    ? `<mj-button href="${esc(action.url)}" background-color="${BRAND}" color="#ffffff" font-size="15px" font-weight="700" border-radius="8px" inner-padding="12px 22px" align="left" padding="8px 0 12px">${esc(action.label)}</mj-button>
      <mj-text css-class="e-text e-muted" font-size="13px">Or open this link: <a href="${esc(action.url)}" style="color:inherit">${esc(action.url)}</a></mj-text>`
    : '';
  const mjml = `<mjml lang="en" dir="ltr">
  ${HEAD(source.heading, source.preview)}
  <mj-body width="600px">
    <mj-section padding="24px 16px 8px">
      <mj-column>
        <mj-text font-size="20px" font-weight="700" padding="0 0 16px"><img src="${esc(source.logoUrl)}" width="32" height="32" alt="" style="vertical-align:middle;border-radius:8px;margin-right:8px" /><span style="vertical-align:middle">${esc(source.siteName)}</span></mj-text>
        <mj-text font-size="22px" font-weight="700" line-height="1.3" padding="0 0 16px"><h1 style="font-size:22px;margin:0;font-weight:700">${esc(source.heading)}</h1></mj-text>
        ${source.blocks.map(blockMjml).join('\n        ')}
        ${button}
        <mj-divider border-width="1px" border-color="#d0d7de" padding="16px 0 12px" css-class="e-rule" />
        <mj-text css-class="e-text e-muted" font-size="13px">${esc(source.siteName)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const result = await mjml2html(mjml, { validationLevel: VALIDATION, keepComments: false });
  return result.html;
}

/** A stored block's MJML; guest-supplied text only ever enters it through `esc`. */
export function blockMjml(block: TStoredEmailBlock): string {
  if (typeof block === 'string') return block;
  if ('paragraph' in block) return `<mj-text>${esc(block.paragraph)}</mj-text>`;
  if ('rows' in block) {
    const body = block.rows
      .map(
        ([k, v]) =>
          `<tr><td style="padding:3px 16px 3px 0;vertical-align:top">${esc(k)}</td><td style="padding:3px 0;font-weight:700;vertical-align:top">${esc(v)}</td></tr>`,
      )
      .join('');
    return `<mj-table role="presentation" width="auto">${body}</mj-table>`;
  }
  const html = esc(block.quote).replace(/\r?\n/g, '<br />');
  return `<mj-text><div style="border-left:3px solid #d0d7de;padding-left:12px">${html}</div></mj-text>`;
}

export function paragraph(value: string): TEmailBlock {
  return { stored: { paragraph: value }, text: value };
}

/** Label/value pairs (a stay, a price breakdown, contact details) as a two-column table. */
export function rows(items: [string, string | number][]): TEmailBlock {
  return { stored: { rows: items }, text: items.map(([k, v]) => `${k}: ${v}`).join('\n') };
}

/** A multi-line message written by a visitor (the contact form), kept as written and escaped. */
export function quote(value: string): TEmailBlock {
  return {
    stored: { quote: value },
    text: value
      .split(/\r?\n/)
      .map((l) => `> ${l}`)
      .join('\n'),
  };
}

/**
 * Prices in emails are USD, en-US style (docs/features.md#emails), through the one money formatter: an
 * amount the server keeps (integer cents) written in dollars with cents, `$33.15`.
 */
export const usd = (minor: number) => formatMoney(toMajor(minor), 'USD');
