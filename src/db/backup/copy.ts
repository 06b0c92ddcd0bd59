/**
 * PostgreSQL's COPY in the backup's own format: a table's rows leave the server as
 * `COPY (SELECT row_to_json(t)::text FROM t) TO STDOUT` and arrive by `COPY ... FROM STDIN`, so the
 * file stays the JSON lines PGlite writes and reads (format.ts) while PostgreSQL streams them
 * without a round trip per thousand rows. COPY's text format escapes a backslash (and the control
 * characters, which JSON text never holds raw) in a one-column row; nothing else differs.
 */
import type { Readable, Writable } from 'node:stream';

const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;
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
 * Writes the rows of a one-column COPY TO STDOUT as lines to `put`; resolves with how many.
 * Chunks split anywhere: only whole lines are passed on (a UTF-8 sequence never holds a newline
 * or a backslash byte, so the split is safe at the byte level).
 */
export async function copyLinesOut(stream: Readable, put: (lines: string) => Promise<void>): Promise<number> {
  let rows = 0;
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    const end = data.lastIndexOf(NEWLINE) + 1;
    rest = data.subarray(end);
    if (end === 0) continue;
    const whole = data.subarray(0, end);
    for (let at = whole.indexOf(NEWLINE); at >= 0; at = whole.indexOf(NEWLINE, at + 1)) rows += 1;
    const text = whole.toString('utf8');
    await put(whole.includes(BACKSLASH) ? unescapeCopyText(text) : text);
  }
  if (rest.length > 0) throw new Error('COPY ended inside a row');
  return rows;
}

/** Lines gathered into chunks of about this many characters before they are written to COPY FROM STDIN. */
const CHUNK_CHARS = 256 * 1024;

/**
 * A COPY FROM STDIN that takes one-column rows; `end` resolves once the server has them all. `abort`
 * ends a COPY that will not be finished (CopyFail), so the connection takes the transaction's ROLLBACK.
 */
export function copyLinesIn(stream: Writable): { row(line: string): Promise<void>; end(): Promise<void>; abort(): Promise<void> } {
  let pending: string[] = [];
  let size = 0;
  let failed: Error | undefined;
  stream.on('error', (error: Error) => (failed = error));
  const write = async () => {
    if (failed) throw failed;
    const text = pending.join('');
    pending = [];
    size = 0;
    if (!stream.write(text)) {
      await new Promise<void>((resolve, reject) => {
        stream.once('drain', resolve);
        stream.once('error', reject);
      });
    }
  };
  return {
    async row(line) {
      const value = line.includes('\\') || line.includes('\t') || line.includes('\r') ? escapeCopyText(line) : line;
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
