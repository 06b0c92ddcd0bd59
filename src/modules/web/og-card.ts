/**
 * The share card of a salon (og:image, 1200x630): its name and address on the
 * brand blue, drawn as SVG and rendered to PNG by resvg's WebAssembly build
 * (no native module). Text needs a font file: the first of OG_FONTS found on
 * the machine; without one, null (the caller sends the generic card).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';

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

/**
 * Drawing takes 20-50 ms of CPU, so it happens on a worker thread, never on the
 * event loop that answers /healthz and bookings. The worker is written inline
 * (eval) so it runs the same from the sources, the build and the tests; it is
 * handed absolute paths of resvg's module, its WebAssembly and the fonts.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { pathToFileURL } = require('node:url');
const started = (async () => {
  const loaded = await import(pathToFileURL(workerData.module).href);
  const { initWasm, Resvg } = loaded.initWasm ? loaded : loaded.default;
  await initWasm(readFileSync(workerData.wasm));
  const fontBuffers = workerData.fonts.map((path) => new Uint8Array(readFileSync(path)));
  return (svg) => new Resvg(svg, { font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
})();
parentPort.on('message', async ({ id, svg }) => {
  try {
    const png = (await started)(svg);
    parentPort.postMessage({ id, png }, [png.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

/** Cards waiting for the worker at most; more get the generic card (not remembered, so a later ask draws the salon's own). */
const MAX_WAITING = 16;

class CardWorker {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, (png: Buffer | null) => void>();
  private nextId = 0;

  constructor(private readonly fonts: string[]) {}

  render(svg: string): Promise<Buffer | null> {
    if (this.waiting.size >= MAX_WAITING) return Promise.resolve(null);
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ id, svg });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const require = createRequire(import.meta.url);
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        module: require.resolve('@resvg/resvg-wasm'),
        wasm: require.resolve('@resvg/resvg-wasm/index_bg.wasm'),
        fonts: this.fonts,
      },
    });
    // Idle, it must not keep a stopping process alive.
    worker.unref();
    worker.on('message', ({ id, png }: { id: number; png?: Uint8Array }) => {
      this.waiting.get(id)?.(png ? Buffer.from(png) : null);
      this.waiting.delete(id);
    });
    worker.on('error', () => this.stop());
    worker.on('exit', () => this.stop());
    this.worker = worker;
    return worker;
  }

  /** A dead worker: whatever waited gets the generic card, the next card starts a new one. */
  private stop(): void {
    this.worker = undefined;
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}

const fonts = OG_FONTS.find((pair) => pair.every((path) => existsSync(path)));
const worker = fonts ? new CardWorker(fonts) : undefined;

/** Drawn cards by business and what the card shows (name, address): a rename draws anew, 32 MB at most. */
const rendered = new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (png) => png.length });
const drawing = new Map<string, Promise<Buffer | null>>();

/**
 * The salon's card as PNG; null when it cannot be drawn here (no font) or not now (the worker is
 * busy): the caller then sends the generic card.
 */
export function salonCard(business: { id: number; name: string; address: string }): Promise<Buffer | null> {
  const key = `${business.id}:${createHash('sha1').update(`${business.name}\n${business.address}`).digest('base64url')}`;
  const done = rendered.get(key);
  if (done) return Promise.resolve(done);
  if (!worker) return Promise.resolve(null);
  let card = drawing.get(key);
  if (!card) {
    card = worker.render(cardSvg(business.name, business.address)).then((png) => {
      drawing.delete(key);
      if (png) rendered.set(key, png);
      return png;
    });
    drawing.set(key, card);
  }
  return card;
}
