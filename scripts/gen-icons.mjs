// Draws the site icons and the generic share card into web/public (committed; rerun after a design change).
// Plain shapes rasterised here and written as PNG with node:zlib: no native image library needed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const out = new URL('../web/public/', import.meta.url);
const BLUE = [47, 91, 211];
const WHITE = [255, 255, 255];
const LIGHT = [214, 224, 250];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Coverage of a rounded rectangle at a point (4x4 supersampling done by the caller). */
const inRoundRect = (x, y, [left, top, right, bottom, radius]) => {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
};

/** shapes: [color, rect in units of a 100x100 box (or the card's box)], painted in order. */
function draw(width, height, unitW, unitH, shapes, background = null) {
  const pixels = Buffer.alloc(width * height * 4);
  const samples = 4;
  for (let py = 0; py < height; py += 1) {
    for (let px = 0; px < width; px += 1) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / width) * unitW;
          const y = ((py + (sy + 0.5) / samples) / height) * unitH;
          let color = background ? [...background, 1] : [0, 0, 0, 0];
          for (const [fill, rect] of shapes) if (inRoundRect(x, y, rect)) color = [...fill, 1];
          acc[0] += color[0] * color[3];
          acc[1] += color[1] * color[3];
          acc[2] += color[2] * color[3];
          acc[3] += color[3];
        }
      }
      const a = acc[3] / samples ** 2;
      const [r, g, b] = a > 0 ? [acc[0] / acc[3], acc[1] / acc[3], acc[2] / acc[3]] : [0, 0, 0];
      pixels.set([Math.round(r), Math.round(g), Math.round(b), Math.round(a * 255)], (py * width + px) * 4);
    }
  }
  return png(width, height, pixels);
}

// A calendar page with one day marked, on the brand blue (the same drawing as favicon.svg).
const calendar = (ox, oy, s) => [
  [WHITE, [ox + 22 * s, oy + 26 * s, ox + 78 * s, oy + 80 * s, 8 * s]],
  [LIGHT, [ox + 22 * s, oy + 26 * s, ox + 78 * s, oy + 40 * s, 6 * s]],
  [WHITE, [ox + 32 * s, oy + 18 * s, ox + 39 * s, oy + 33 * s, 3 * s]],
  [WHITE, [ox + 61 * s, oy + 18 * s, ox + 68 * s, oy + 33 * s, 3 * s]],
  [BLUE, [ox + 54 * s, oy + 56 * s, ox + 68 * s, oy + 70 * s, 3 * s]],
];
const icon = (size, radius) => draw(size, size, 100, 100, [[BLUE, [0, 0, 100, 100, radius]], ...calendar(0, 0, 1)]);

const favicon32 = icon(32, 22);
// An .ico holding one PNG image (every browser since 2007 reads PNG entries).
const dir = Buffer.alloc(22);
dir.writeUInt16LE(0, 0);
dir.writeUInt16LE(1, 2);
dir.writeUInt16LE(1, 4);
dir.set([32, 32, 0, 0], 6);
dir.writeUInt16LE(1, 10);
dir.writeUInt16LE(32, 12);
dir.writeUInt32LE(favicon32.length, 14);
dir.writeUInt32LE(22, 18);
writeFileSync(new URL('favicon.ico', out), Buffer.concat([dir, favicon32]));
// Apple draws its own rounded corners: a full square.
writeFileSync(new URL('apple-touch-icon.png', out), icon(180, 0));
writeFileSync(new URL('icon-512.png', out), icon(512, 22));
// The share card when no salon-specific one can be drawn: 1200x630, the calendar centred.
writeFileSync(new URL('og-card.png', out), draw(1200, 630, 1200, 630, calendar(300, 15, 6), BLUE));
console.log('icons written to web/public');
