/**
 * CSV as a spreadsheet opens it: UTF-8 with a BOM, `;` between cells (what
 * Excel expects in a Russian locale), CRLF line ends. A cell that a
 * spreadsheet would read as a formula gets a leading quote (OWASP "CSV
 * injection"). Pure: no I/O.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/** Characters that make Excel, LibreOffice or Google Sheets start a formula (tab and CR too). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;

/**
 * The separator of an uploaded CSV, read from its first line: `;` or `,`, whichever occurs
 * more outside quotes (`,` on a tie, the RFC 4180 default); a tab when it is the only one there.
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  if (counts[';'] > counts[',']) return ';';
  if (counts[','] === 0 && counts['\t'] > 0) return '\t';
  return ',';
}
