/**
 * The share card of a salon (og:image, 1200x630): its name and address on the
 * brand blue, drawn as SVG and rendered to PNG by resvg's WebAssembly build
 * (no native module). Text needs a font file: the first of OG_FONTS found on
 * the machine; without one, null (the caller sends the generic card).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const OG_FONTS = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'],
];

const xml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Greedy word wrap by character count (the font's average width), at most `lines` lines, the last one cut with "…". */
export function wrap(text: string, perLine: number, lines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  const kept = out.slice(0, lines).map((l) => (l.length > perLine ? `${l.slice(0, perLine - 1)}…` : l));
  if (out.length > lines) kept[lines - 1] = `${kept[lines - 1]!.slice(0, perLine - 1).replace(/[\s,.;:—-]+$/, '')}…`;
  return kept;
}

export function cardSvg(name: string, address: string): string {
  const title = wrap(name, 20, 3);
  const size = title.length === 1 ? 84 : 72;
  const top = 250 - ((title.length - 1) * size * 1.15) / 2;
  const nameLines = title
    .map(
      (line, i) =>
        `<text x="80" y="${Math.round(top + i * size * 1.15)}" font-size="${size}" font-weight="700" fill="#fff">${xml(line)}</text>`,
    )
    .join('');
  const where = address.trim() ? wrap(address, 44, 1)[0]! : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#2f5bd3"/>
<g transform="translate(80 470) scale(0.9)"><rect x="22" y="26" width="56" height="54" rx="8" fill="#fff"/><path d="M22 34a8 8 0 0 1 8-8h40a8 8 0 0 1 8 8v6H22z" fill="#d6e0fa"/><rect x="32" y="18" width="7" height="15" rx="3" fill="#fff"/><rect x="61" y="18" width="7" height="15" rx="3" fill="#fff"/><rect x="54" y="56" width="14" height="14" rx="3" fill="#2f5bd3"/></g>
<g font-family="DejaVu Sans, Liberation Sans, sans-serif">${nameLines}
${where ? `<text x="80" y="${Math.round(top + title.length * size * 1.15 + 20)}" font-size="38" fill="#d6e0fa">${xml(where)}</text>` : ''}
<text x="190" y="540" font-size="44" font-weight="700" fill="#fff">Онлайн-запись</text></g>
</svg>`;
}

let ready: Promise<Uint8Array[] | null> | undefined;

/** Loads the WebAssembly module and the fonts once; null when no font is installed. */
function setup(): Promise<Uint8Array[] | null> {
  ready ??= (async () => {
    const fonts = OG_FONTS.find((pair) => pair.every((path) => existsSync(path)));
    if (!fonts) return null;
    const wasm = readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm'));
    await initWasm(wasm);
    return fonts.map((path) => new Uint8Array(readFileSync(path)));
  })().catch(() => null);
  return ready;
}

const rendered = new Map<string, Promise<Buffer | null>>();
const KEEP = 200;

/** The salon's card as PNG, remembered per name and address (~50 ms to draw); null when it cannot be drawn here. */
export function salonCard(name: string, address: string): Promise<Buffer | null> {
  const key = `${name}\n${address}`;
  let card = rendered.get(key);
  if (!card) {
    if (rendered.size >= KEEP) rendered.clear();
    card = setup().then((fontBuffers) => {
      if (!fontBuffers) return null;
      const resvg = new Resvg(cardSvg(name, address), { font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } });
      return Buffer.from(resvg.render().asPng());
    });
    card.catch(() => rendered.delete(key));
    rendered.set(key, card);
  }
  return card;
}
