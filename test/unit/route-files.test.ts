/**
 * Route files as fastify/demo keeps them: a file that registers routes is named `<noun>.routes.ts` and
 * exports `<noun>Routes`; its schemas and OpenAPI prose live beside it in `<noun>.schemas.ts`; each handler
 * maps the request to one use case in a few lines. Read with the TypeScript parser, so a long handler or a
 * schema written back into a route file fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'route']);
/** A handler's longest body in lines: about 15 lines, the braces and a wrapped call around them. */
const MAX_HANDLER_LINES = 18;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Registration {
  line: number;
  handlerLines: number;
}

/** `app.get('/path', options, handler)` and the like: the route registrations of one file. */
function registrations(file: ts.SourceFile): Registration[] {
  const found: Registration[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && METHODS.has(node.expression.name.text)) {
      const [path] = node.arguments;
      if (path && ts.isStringLiteralLike(path) && path.text.startsWith('/')) {
        const handler = node.arguments[node.arguments.length - 1];
        const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line;
        const handlerLines = handler && ts.isFunctionLike(handler) ? lineOf(handler.getEnd()) - lineOf(handler.getStart(file)) + 1 : 0;
        found.push({ line: lineOf(node.getStart(file)) + 1, handlerLines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const files = sources(join(root, 'src/modules')).map((path) => {
  const text = readFileSync(path, 'utf8');
  return { name: relative(root, path), text, parsed: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true) };
});
const routeFiles = files.filter((file) => registrations(file.parsed).length > 0);

describe('route files', () => {
  it('finds the routes', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
  });

  it('a file that registers routes is named <noun>.routes.ts', () => {
    expect(routeFiles.map((file) => file.name).filter((name) => !/\/[a-z0-9-]+\.routes\.ts$/.test(name))).toEqual([]);
  });

  it('queries, use cases, routes and schemas files carry their noun: no bare queries.ts or service.ts', () => {
    const bare = files.map((file) => file.name).filter((name) => /\/(queries|service|routes|schemas)\.ts$/.test(name));
    expect(bare).toEqual([]);
  });

  it('route plugins are exported as <noun>Routes', () => {
    const misnamed = routeFiles.flatMap((file) =>
      [...file.text.matchAll(/export const (\w+)\s*:\s*Fastify\w*Plugin/g)]
        .map((match) => match[1]!)
        .filter((name) => !name.endsWith('Routes')),
    );
    expect(misnamed).toEqual([]);
  });

  it('schemas and OpenAPI prose live in <noun>.schemas.ts, not in the route file', () => {
    const prose = routeFiles.filter((file) => /\bType\.\w+\(|\b(summary|description)\s*:/.test(file.text)).map((file) => file.name);
    expect(prose).toEqual([]);
  });

  it('each handler is a few lines that call a use case', () => {
    const long = routeFiles.flatMap((file) =>
      registrations(file.parsed)
        .filter((route) => route.handlerLines > MAX_HANDLER_LINES)
        .map((route) => `${file.name}:${route.line} (${route.handlerLines} lines)`),
    );
    expect(long).toEqual([]);
  });
});
