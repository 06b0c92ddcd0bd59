/** A refusal as CONTRACT.md §2 and src/core/errors.ts say: `{detail, code}` with the status the edge's table gives the code. */
import { expect } from 'vitest';
import type { ErrorCode } from '../../src/core/errors.js';
import { HTTP_STATUS } from '../../src/http/errors.js';

export function expectRefusal(response: { statusCode: number; data: any }, code: ErrorCode): void {
  expect(response.data, JSON.stringify(response.data)).toMatchObject({ code, detail: expect.any(String) });
  expect(response.statusCode).toBe(HTTP_STATUS[code]);
}
