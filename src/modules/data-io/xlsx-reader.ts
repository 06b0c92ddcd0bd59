/**
 * The first sheet of an XLSX upload as rows of text, read without ever
 * holding the whole workbook: yauzl reads the zip directory (the declared
 * unpacked sizes are checked before anything inflates, and yauzl stops an
 * entry that inflates past its declared size), saxes parses each XML part in
 * small pieces, and the sheet's cells are counted as they come
 * (import-limits.ts). exceljs's whole-workbook load walked every column up to
 * the widest: one cell in column XFD on 2 000 rows stopped the service.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DomainError, invalidInput } from '../../core/errors.js';
import {
  CellBudget,
  expandsTooFar,
  IMPORT_CHUNK_CHARS,
  IMPORT_MAX_EXPANDED_BYTES,
  IMPORT_MAX_XML_DEPTH,
  unreadableFile,
  yieldToEventLoop,
} from './import-limits.js';

/** A workbook has a handful of parts; thousands are a crafted directory. */
const MAX_ENTRIES = 1000;

const unreadable = () => invalidInput('The file is not a readable XLSX workbook', 'file');

interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/** `x:c` and `c` alike: some writers prefix SpreadsheetML's elements. */
const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** Unpacked bytes of every part read so far, against IMPORT_MAX_EXPANDED_BYTES. */
class ExpansionBudget {
  private used = 0;

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > IMPORT_MAX_EXPANDED_BYTES) throw expandsTooFar();
  }
}

class Workbook {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    private readonly expansion = new ExpansionBudget(),
  ) {}

  static async open(bytes: Buffer): Promise<Workbook> {
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
    } catch {
      throw unreadable();
    }
    if (zip.entryCount > MAX_ENTRIES) throw unreadable();
    const entries = new Map<string, Entry>();
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      // Refused on the directory's word, before a byte is inflated.
      if (declared > IMPORT_MAX_EXPANDED_BYTES) throw expandsTooFar();
      entries.set(entry.fileName.replace(/^\//, ''), entry);
    }
    return new Workbook(zip, entries);
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** Streams one part through saxes, a piece at a time, yielding to the event loop between pieces. */
  async parse(path: string, handlers: XmlHandlers): Promise<void> {
    const entry = this.entries.get(path);
    if (!entry) throw unreadable();
    const parser = new SaxesParser({ position: false, xmlns: false });
    let depth = 0;
    parser.on('opentag', (tag: SaxesTagPlain) => {
      // saxes keeps every open element: the depth is refused before it holds millions.
      if (++depth > IMPORT_MAX_XML_DEPTH) throw unreadableFile();
      handlers.open?.(localName(tag.name), tag.attributes);
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      depth -= 1;
      handlers.close?.(localName(tag.name));
    });
    if (handlers.text) {
      const onText = handlers.text;
      parser.on('text', onText);
      parser.on('cdata', onText);
    }
    let stream: Readable | undefined;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
      const decoder = new StringDecoder('utf8');
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        this.expansion.take(chunk.length);
        const text = decoder.write(chunk);
        for (let at = 0; at < text.length; at += IMPORT_CHUNK_CHARS) {
          parser.write(text.slice(at, at + IMPORT_CHUNK_CHARS));
          await yieldToEventLoop();
        }
      }
      parser.write(decoder.end());
      parser.close();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw unreadable();
    } finally {
      stream?.destroy();
    }
  }

  close(): void {
    this.zip.close();
  }
}

/** Where the first sheet and the shared strings are, by the workbook's own relationships. */
async function partsOf(book: Workbook): Promise<{ sheet: string; sharedStrings?: string }> {
  let firstSheetId: string | undefined;
  if (book.has('xl/workbook.xml')) {
    await book.parse('xl/workbook.xml', {
      open: (name, attributes) => {
        if (name !== 'sheet' || firstSheetId !== undefined) return;
        const id = Object.entries(attributes).find(([key]) => localName(key) === 'id');
        firstSheetId = id?.[1];
      },
    });
  }
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  if (book.has('xl/_rels/workbook.xml.rels')) {
    await book.parse('xl/_rels/workbook.xml.rels', {
      open: (name, attributes) => {
        if (name !== 'Relationship' || !attributes.Target) return;
        const target = attributes.Target.startsWith('/') ? attributes.Target.slice(1) : `xl/${attributes.Target}`;
        if (attributes.Id) targets.set(attributes.Id, target);
        if (attributes.Type?.endsWith('/sharedStrings')) sharedStrings = target;
      },
    });
  }
  const sheet = (firstSheetId && targets.get(firstSheetId)) ?? 'xl/worksheets/sheet1.xml';
  if (!book.has(sheet)) throw unreadable();
  sharedStrings ??= book.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : undefined;
  return { sheet, sharedStrings: sharedStrings && book.has(sharedStrings) ? sharedStrings : undefined };
}

/** A cell's text, or the index of its shared string (resolved once the sheet is read). */
type RawCell = string | { shared: number };

/** Column number (1-based) of a reference such as `AB12`; undefined when there is none. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference ?? '')?.[1];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

/** A value as the import reads it: numbers as plain digits (a phone stored as a number), booleans, ISO dates. */
function valueText(type: string | undefined, value: string): string {
  if (type === 'b') return value === '1' ? 'true' : 'false';
  if (type === 'e') return '';
  if (type === 'd') return value.slice(0, 10);
  if ((type === undefined || type === 'n') && /e/i.test(value) && Number.isFinite(Number(value))) return String(Number(value));
  return value;
}

/** The rows of the sheet: an empty row is [], a row is as long as its last non-empty cell. */
async function sheetCells(book: Workbook, path: string): Promise<RawCell[][]> {
  const budget = new CellBudget();
  const rows: RawCell[][] = [];
  let row: RawCell[] = [];
  let column = 0;
  let cellType: string | undefined;
  let text: string | undefined;
  let inValue = false;
  const endRow = () => {
    if (row.length === 0) budget.take(1);
    rows.push(row);
  };
  await book.parse(path, {
    open: (name, attributes) => {
      if (name === 'row') {
        const number = Number(attributes.r) || rows.length + 1;
        // Rows the file skips are empty rows of the grid (and count against the budget).
        while (rows.length + 1 < number) {
          row = [];
          endRow();
        }
        row = [];
        column = 0;
      } else if (name === 'c') {
        column = columnOf(attributes.r) ?? column + 1;
        cellType = attributes.t;
        text = undefined;
      } else if (name === 'v' || name === 't') {
        inValue = true;
      }
    },
    text: (chunk) => {
      if (inValue) text = (text ?? '') + chunk;
    },
    close: (name) => {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'c' && text !== undefined && text !== '') {
        // Blank cells (styled, no value) never widen a row.
        budget.take(Math.max(0, column - row.length));
        while (row.length < column - 1) row.push('');
        row[column - 1] = cellType === 's' ? { shared: Number(text) } : valueText(cellType, text);
      } else if (name === 'row') endRow();
    },
  });
  return rows;
}

/** The shared strings the sheet refers to (and only those), by index. */
async function sharedStrings(book: Workbook, path: string, wanted: Set<number>): Promise<Map<number, string>> {
  const strings = new Map<number, string>();
  let index = -1;
  let depthInPhonetic = 0;
  let inText = false;
  let current = '';
  await book.parse(path, {
    open: (name) => {
      if (name === 'si') {
        index += 1;
        current = '';
      } else if (name === 'rPh') depthInPhonetic += 1;
      else if (name === 't') inText = depthInPhonetic === 0;
    },
    text: (chunk) => {
      if (inText && wanted.has(index)) current += chunk;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') depthInPhonetic -= 1;
      else if (name === 'si' && wanted.has(index)) strings.set(index, current);
    },
  });
  return strings;
}

/** Rows of text of the workbook's first sheet (rows[0] is row 1). */
export async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const book = await Workbook.open(bytes);
  try {
    const parts = await partsOf(book);
    const cells = await sheetCells(book, parts.sheet);
    const wanted = new Set<number>();
    for (const row of cells) for (const cell of row) if (typeof cell === 'object') wanted.add(cell.shared);
    const strings =
      wanted.size > 0 && parts.sharedStrings ? await sharedStrings(book, parts.sharedStrings, wanted) : new Map<number, string>();
    return cells.map((row) => Array.from(row, (cell) => (typeof cell === 'object' ? (strings.get(cell.shared) ?? '') : (cell ?? ''))));
  } finally {
    book.close();
  }
}
