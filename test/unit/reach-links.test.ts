import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  linkDate,
  linkId,
  MAX_START_PARAM_LENGTH,
  pageChoice,
  pageQuery,
  parseStartParam,
  startParamFor,
} from '../../src/core/reach-links.js';

const slug = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/);
const id = fc.integer({ min: 1, max: 2147483647 });

describe('links that choose (CONTRACT.md §18)', () => {
  it('reads ids and dates strictly: anything else is not a choice', () => {
    expect(linkId('12')).toBe(12);
    for (const bad of ['0', '07', '-1', '1e3', '1.5', 'x', '', '2147483648', null, undefined]) expect(linkId(bad)).toBeUndefined();
    expect(linkDate('2026-02-28')).toBe('2026-02-28');
    expect(linkDate('2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-01', '01.12.2026', '', null]) expect(linkDate(bad)).toBeUndefined();
  });

  it('reads the page query and ignores what it cannot read', () => {
    expect(pageChoice('?service=3&master=7&date=2026-12-01')).toEqual({ serviceId: 3, masterId: 7, date: '2026-12-01' });
    expect(pageChoice('?service=abc&master=&date=tomorrow&embed=1')).toEqual({});
  });

  it('start parameters: every shape of §18, unknown parts ignored', () => {
    expect(parseStartParam('salon')).toEqual({ slug: 'salon' });
    expect(parseStartParam('salon__s5')).toEqual({ slug: 'salon', serviceId: 5 });
    expect(parseStartParam('salon__m7')).toEqual({ slug: 'salon', masterId: 7 });
    expect(parseStartParam('salon__m7__s5')).toEqual({ slug: 'salon', masterId: 7, serviceId: 5 });
    expect(parseStartParam('salon__x1__m0__s5')).toEqual({ slug: 'salon', serviceId: 5 });
    expect(startParamFor('salon', { masterId: 7, serviceId: 5 })).toBe('salon__m7__s5');
  });

  it('a start parameter over 64 characters is not made', () => {
    expect(startParamFor('a'.repeat(59), { masterId: 123 })).toBeNull();
    expect(startParamFor('a'.repeat(59), { masterId: 12 })).toBe(`${'a'.repeat(59)}__m12`);
  });

  it('property: a start parameter reads back as what made it, within 64 characters', () => {
    fc.assert(
      fc.property(slug, fc.option(id, { nil: undefined }), fc.option(id, { nil: undefined }), (s, masterId, serviceId) => {
        const choice = { ...(masterId ? { masterId } : {}), ...(serviceId ? { serviceId } : {}) };
        const param = startParamFor(s, choice);
        if (param === null) return;
        expect(param.length).toBeLessThanOrEqual(MAX_START_PARAM_LENGTH);
        expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(parseStartParam(param)).toEqual({ slug: s, ...choice });
      }),
    );
  });

  it('property: a page query reads back as what made it', () => {
    fc.assert(
      fc.property(fc.option(id, { nil: undefined }), fc.option(id, { nil: undefined }), (serviceId, masterId) => {
        const choice = { ...(serviceId ? { serviceId } : {}), ...(masterId ? { masterId } : {}), date: '2026-12-01' };
        expect(pageChoice(pageQuery(choice))).toEqual(choice);
      }),
    );
  });
});
