/**
 * Files an attacker would upload to POST /clients/import, made in the test (never committed): a zip
 * written by hand (so its directory can lie), a minimal workbook around a sheet, the multipart body.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export function multipart(file: Buffer | string, filename: string, field = 'file') {
  const boundary = `----crafted${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, Buffer.isBuffer(file) ? file : Buffer.from(file), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A part's text, or its bytes (a 48 MB part is built as a filled Buffer, never as a string). */
type Part = string | Buffer;

/**
 * A zip of the given parts (deflated). `declare` replaces a part's unpacked size in both headers:
 * a zip that lies about how far it expands.
 */
export function zipOf(parts: Record<string, Part>, declare: Record<string, number> = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(parts)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const size = declare[name] ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const inline = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;
export const HEADER_ROW = `<row r="1">${inline('A1', 'Имя')}${inline('B1', 'Телефон')}</row>`;

const WORKBOOK = `<workbook xmlns="${SHEET_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Лист1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

export const sheetXml = (sheetData: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData>${sheetData}</sheetData></worksheet>`;

/** A minimal workbook whose one sheet is `sheetData` (inline strings); `parts` adds or replaces parts. */
export function workbookWith(sheetData: string, options: { declare?: number; parts?: Record<string, Part> } = {}): Buffer {
  return zipOf(
    { 'xl/workbook.xml': WORKBOOK, 'xl/_rels/workbook.xml.rels': RELS, 'xl/worksheets/sheet1.xml': sheetXml(sheetData), ...options.parts },
    options.declare === undefined ? {} : { 'xl/worksheets/sheet1.xml': options.declare },
  );
}

/** `unit` repeated to `bytes` bytes, as a Buffer (fast: no 48 MB string is built). */
export const repeated = (unit: string, bytes: number): Buffer => Buffer.alloc(bytes - (bytes % unit.length), unit);
