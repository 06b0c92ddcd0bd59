/**
 * PostgreSQL's COPY text format in the backup (format.ts): a table's rows leave the server by
 * `COPY t (columns) TO STDOUT` into the file as they are, and go back by `COPY t (columns) FROM STDIN`
 * as they are, so PostgreSQL streams them with no JSON made or parsed per row. A PGlite backup's
 * JSON lines reach PostgreSQL through a one-column COPY (a backslash, tab or carriage return
 * escaped), and a COPY section reaches PGlite as JSON (copyRowAsJson).
 */
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { BackupError } from './format.js';

const NEWLINE = 0x0a;
const COPY_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** One column of COPY text as the value it stands for. */
export function unescapeCopyText(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code: string) => {
    if (code.length > 1 && code[0] === 'x') return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return COPY_ESCAPES[code] ?? code;
  });
}

/** A value as one column of COPY text. */
export function escapeCopyText(text: string): string {
  return text.replace(/[\\\n\r\t]/g, (c) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c]!);
}

/**
 * Passes a COPY TO STDOUT's text through to `put` as it arrives; resolves with how many rows (one
 * per newline: COPY escapes a newline inside a value). Chunks split anywhere, which is fine for bytes
 * passed on unread.
 */
export async function copyRowsOut(stream: Readable, put: (data: Buffer) => Promise<void>): Promise<number> {
  let rows = 0;
  let last = NEWLINE;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (chunk.length === 0) continue;
    for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, at + 1)) rows += 1;
    last = chunk[chunk.length - 1]!;
    await put(chunk);
  }
  if (last !== NEWLINE) throw new Error('COPY ended inside a row');
  return rows;
}

/**
 * One row of COPY text (a line of a backup's COPY section) as the JSON object row_to_json would
 * have written, for PGlite, which loads JSON lines: each value as its text, which the column's type
 * reads back (json_populate_record), except json and jsonb, whose text is the value itself.
 */
export function copyRowAsJson(line: string, columns: string[], jsonColumns: ReadonlySet<string>): string {
  const fields = line.split('\t');
  if (fields.length !== columns.length)
    throw new BackupError(`the backup file is damaged: a row of ${fields.length} values for ${columns.length} columns`);
  const row: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    const field = fields[index]!;
    const text = field === '\\N' ? null : field.includes('\\') ? unescapeCopyText(field) : field;
    row[column] = text !== null && jsonColumns.has(column) ? parseJsonValue(text) : text;
  });
  return JSON.stringify(row);
}

function parseJsonValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupError('the backup file is damaged: a json value does not parse');
  }
}

/** Lines gathered into chunks of about this many characters before they are written to COPY FROM STDIN. */
const CHUNK_CHARS = 256 * 1024;

/**
 * A COPY FROM STDIN that takes lines: values of a one-column table (escaped here), or rows already in COPY text. `end` resolves once the server has them all. `abort`
 * ends a COPY that will not be finished (CopyFail), so the connection takes the transaction's ROLLBACK.
 */
export function copyLinesIn(
  stream: Writable,
  lines: 'as values' | 'as copy text',
): { row(line: string): Promise<void>; end(): Promise<void>; abort(): Promise<void> } {
  let pending: string[] = [];
  let size = 0;
  let failed: Error | undefined;
  stream.on('error', (error: Error) => (failed = error));
  const write = async () => {
    if (failed) throw failed;
    const text = pending.join('');
    pending = [];
    size = 0;
    // events.once removes its error listener with the drain one: a table's COPY waits here thousands of times.
    if (!stream.write(text)) await once(stream, 'drain');
  };
  return {
    async row(line) {
      const value =
        lines === 'as values' && (line.includes('\\') || line.includes('\t') || line.includes('\r')) ? escapeCopyText(line) : line;
      pending.push(value, '\n');
      size += value.length + 1;
      if (size >= CHUNK_CHARS) await write();
    },
    async end() {
      if (size > 0) await write();
      await new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        stream.once('finish', resolve);
        stream.once('error', reject);
        stream.end();
      });
    },
    async abort() {
      if (stream.destroyed) return;
      await new Promise<void>((resolve) => {
        stream.once('close', resolve);
        stream.destroy(new Error('the restore stopped'));
      });
    },
  };
}
