/**
 * A value written into a statement's text, for the statements that travel with BEGIN or COMMIT in one
 * simple-protocol message (db/transaction.ts), which takes no parameters. Only what the service
 * itself checked goes in: integers, booleans, and strings of the shapes it validates (slugs, dates,
 * times, uuids, its own JSON). Quotes are doubled; a backslash is refused, so the text means the same whether
 * or not the server reads backslashes as escapes (standard_conforming_strings).
 */
export function inlineValue(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError('Only integers are written into a statement');
    return String(value);
  }
  if (typeof value === 'string') {
    if (value.includes('\\')) throw new TypeError('A string written into a statement may not hold a backslash');
    return `'${value.replaceAll("'", "''")}'`;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null) return 'NULL';
  throw new TypeError(`A ${typeof value} is not written into a statement`);
}

/** The values of a built statement's numbered parameters ($1…): its placeholders' by name, its constants as they are. */
export function parameterValues(params: readonly unknown[], values: Record<string, unknown>): unknown[] {
  return params.map((param) => (isPlaceholder(param) ? values[param.name] : param));
}

function isPlaceholder(param: unknown): param is { name: string } {
  return typeof param === 'object' && param !== null && 'name' in param && typeof (param as { name: unknown }).name === 'string';
}
