/**
 * The booking page's first screen needs the business and its services: they
 * travel inside the HTML (a JSON script element), so the page renders from
 * one request without an API round trip.
 */
export const INITIAL_DATA_ID = 'initial-data';

/** JSON that cannot close the script element or break a JS string. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page with the data before </head> and, when given, its title replaced. */
export function withInitialData(html: string, data: unknown, title?: string): string {
  const script = `<script type="application/json" id="${INITIAL_DATA_ID}">${inlineJson(data)}</script>`;
  // Replacements by function: owner text is data, never a pattern ($&, $` and $' in a name stay as typed).
  const titled = title === undefined ? html : html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  return titled.replace('</head>', () => `${script}</head>`);
}
