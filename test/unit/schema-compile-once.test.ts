import { describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/http/validation.js';

describe('compiledOnce: a schema is compiled once per compiler in a process', () => {
  it('compiles an equal schema once, even as a new object (each app hands in its own)', () => {
    const compiler = {};
    let compiles = 0;
    const compile = () => {
      compiles += 1;
      return (data: unknown) => typeof data === 'string';
    };
    const first = compiledOnce(compiler, { type: 'object', properties: { name: { type: 'string' } } }, compile);
    const again = compiledOnce(compiler, { type: 'object', properties: { name: { type: 'string' } } }, compile);
    expect(again).toBe(first);
    expect(compiles).toBe(1);
  });

  it('compiles again for another schema, or for another compiler (other options or shared schemas)', () => {
    const compiler = {};
    const other = {};
    let compiles = 0;
    const compile = () => {
      compiles += 1;
      return compiles;
    };
    expect(compiledOnce(compiler, { type: 'string' }, compile)).toBe(1);
    expect(compiledOnce(compiler, { type: 'string', maxLength: 5 }, compile)).toBe(2);
    expect(compiledOnce(other, { type: 'string' }, compile)).toBe(3);
    expect(compiledOnce(compiler, { type: 'string' }, compile)).toBe(1);
  });
});
