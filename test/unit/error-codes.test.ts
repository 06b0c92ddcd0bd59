import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES, fieldError, invalidInput, isDomainError, notFound } from '../../src/core/errors.js';
import { errorBody, HTTP_STATUS } from '../../src/http/errors.js';

describe('the code list', () => {
  it('is unique snake_case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('is a pure module: web pages import its types, so it imports nothing', () => {
    const source = readFileSync(new URL('../../src/core/errors.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\b/m);
  });
});

describe('the code → status table', () => {
  it('gives every code an error status and names no other code', () => {
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(Number.isInteger(HTTP_STATUS[code]), code).toBe(true);
      expect(HTTP_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(HTTP_STATUS[code], code).toBeLessThan(600);
    }
  });

  it('keeps the statuses clients of CONTRACT.md already know', () => {
    expect(HTTP_STATUS.invalid_input).toBe(400);
    expect(HTTP_STATUS.not_authenticated).toBe(401);
    expect(HTTP_STATUS.forbidden).toBe(403);
    expect(HTTP_STATUS.not_found).toBe(404);
    expect(HTTP_STATUS.slot_taken).toBe(409);
    expect(HTTP_STATUS.rate_limited).toBe(429);
    expect(HTTP_STATUS.internal).toBe(500);
    expect(HTTP_STATUS.unavailable).toBe(503);
  });
});

describe('error bodies', () => {
  it('are {detail, code}, plus errors only when there are some', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ERROR_CODES), fc.string(), (code, detail) => {
        expect(errorBody(new DomainError(code, detail))).toEqual({ detail, code });
        expect(errorBody(fieldError(code, detail, 'phone'))).toEqual({ detail, code, errors: [{ field: 'phone', message: detail }] });
      }),
    );
  });
});

describe('helpers', () => {
  it('build the codes and texts the routes answered with before codes existed', () => {
    expect(notFound('Master')).toMatchObject({ code: 'not_found', detail: 'Master not found' });
    expect(invalidInput('Nothing to change').errors).toBeUndefined();
    expect(invalidInput('Invalid date', 'date').errors).toEqual([{ field: 'date', message: 'Invalid date' }]);
  });

  it('isDomainError checks the code, not the text', () => {
    expect(isDomainError(new DomainError('slot_taken', 'anything'), 'slot_taken')).toBe(true);
    expect(isDomainError(new DomainError('conflict', 'Slot is already taken'), 'slot_taken')).toBe(false);
    expect(isDomainError(new Error('Slot is already taken'), 'slot_taken')).toBe(false);
  });
});
