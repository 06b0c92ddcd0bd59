/**
 * The pages stay split by responsibility, so a change to one screen stays in a small file: no component file over ~150 lines, and styles
 * live in the stylesheets. A style set at run time is a CSS custom property (`style={{ '--top': … }}`)
 * that a stylesheet reads; nothing else is inline.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../web/src');
const MAX_COMPONENT_LINES = 150;

function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return components(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** Inline styles other than custom properties: a string, an expression, or an object whose first key is not `--…`. */
const INLINE_STYLE = /\sstyle=(?:"|\{(?!\{\s*'--))/g;
/** The embed snippet is text the owner copies into their own site, not a style of ours. */
const SNIPPET = /code=\{`<iframe[^`]*`\}/g;

describe('page components', () => {
  const files = components(WEB).map((path) => ({ name: relative(WEB, path), text: readFileSync(path, 'utf8') }));

  it('finds the components', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it(`are at most ${MAX_COMPONENT_LINES} lines each`, () => {
    const long = files.filter((file) => file.text.split('\n').length > MAX_COMPONENT_LINES).map((file) => file.name);
    expect(long).toEqual([]);
  });

  it('set no inline style but CSS custom properties', () => {
    const inline = files.flatMap((file) => [...file.text.replace(SNIPPET, '').matchAll(INLINE_STYLE)].map(() => file.name));
    expect(inline).toEqual([]);
    expect(' style="color:red"'.match(INLINE_STYLE)).not.toBeNull();
    expect(' style={{ color: "red" }}'.match(INLINE_STYLE)).not.toBeNull();
    expect(" style={{ '--top': '1px' }}".match(INLINE_STYLE)).toBeNull();
  });
});
