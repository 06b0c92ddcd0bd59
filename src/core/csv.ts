/**
 * Reading an uploaded CSV: which separator it uses. Pure: no I/O. (Exports are written by
 * csv-stringify in modules/data-io/writers.ts.)
 */

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
