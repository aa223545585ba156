/** Escapes guest-supplied text for HTML. */
export function esc(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface TEmailBody {
  /** Paragraphs and key/value rows, already escaped by the helpers below. */
  html: string;
  text: string;
}

/** A simple, dark-mode-safe frame: the site's name, a heading, the body, and an optional button. */
export function layout(
  siteName: string,
  heading: string,
  body: TEmailBody,
  action?: { label: string; url: string },
): TEmailBody {
  const button = action
    ? `<p style="margin:24px 0"><a href="${esc(action.url)}" style="background:#e11d48;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${esc(action.label)}</a></p><p style="font-size:13px">Or open this link: <a href="${esc(action.url)}">${esc(action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${esc(heading)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
<p style="font-size:20px;font-weight:700;margin:0 0 16px">${esc(siteName)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${esc(heading)}</h1>
${body.html}
${button}
</div></body></html>`;
  const text = `${siteName}\n\n${heading}\n\n${body.text}${action ? `\n\n${action.label}: ${action.url}` : ''}\n`;
  return { html, text };
}

export function paragraph(value: string): TEmailBody {
  return { html: `<p>${esc(value)}</p>`, text: value };
}

export function rows(items: [string, string | number][]): TEmailBody {
  return {
    html: `<table role="presentation" style="border-collapse:collapse">${items
      .map(
        ([k, v]) =>
          `<tr><td style="padding:2px 16px 2px 0;opacity:.75">${esc(k)}</td><td style="padding:2px 0;font-weight:600">${esc(v)}</td></tr>`,
      )
      .join('')}</table>`,
    text: items.map(([k, v]) => `${k}: ${v}`).join('\n'),
  };
}

export function join(...parts: TEmailBody[]): TEmailBody {
  return { html: parts.map((p) => p.html).join('\n'), text: parts.map((p) => p.text).join('\n\n') };
}

export const usd = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
