/**
 * WCAG contrast for Telegram's theme: its hint_color is often too faint on its own
 * backgrounds (below 4.5:1), so the mini app moves it toward the text color just far
 * enough to be readable on every background it is drawn on.
 */
type Rgb = [number, number, number];

export function parseHex(color: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb): string => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const [x, y] = [parseHex(a), parseHex(b)];
  if (!x || !y) return 21;
  const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** `color` itself when readable on every background, else the nearest mix toward `toward` that is (at worst `toward`). */
export function readableOn(color: string, backgrounds: readonly string[], toward: string, minimum = 4.5): string {
  const from = parseHex(color);
  const to = parseHex(toward);
  if (!from || !to) return color;
  for (let step = 0; step <= 20; step += 1) {
    const k = step / 20;
    const mixed = toHex([0, 1, 2].map((i) => from[i]! + (to[i]! - from[i]!) * k) as Rgb);
    if (backgrounds.every((bg) => contrast(mixed, bg) >= minimum)) return mixed;
  }
  return toward;
}
