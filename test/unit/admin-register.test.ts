/** What the panel's registration form sends (web/src/admin/auth/register-body.ts, CONTRACT.md §3). */
import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER, registerBody } from '../../web/src/admin/auth/register-body.js';

const filled = {
  ...EMPTY_REGISTER,
  business_name: '  Барбершоп «Тау» ',
  phone: '+7 705 123 45 67',
  email: ' owner@example.kz ',
  password: 'correct horse battery',
};

describe('registerBody', () => {
  it('trims the texts and names the owner after the salon when the name is left empty', () => {
    expect(registerBody(filled, 'token-1')).toEqual({
      business_name: 'Барбершоп «Тау»',
      full_name: 'Барбершоп «Тау»',
      phone: '+7 705 123 45 67',
      email: 'owner@example.kz',
      password: 'correct horse battery',
      address: undefined,
      service: { name: undefined, duration: 30, price: undefined },
      captcha_token: 'token-1',
    });
  });

  it("sends the owner's own name, the address and the first service as numbers", () => {
    const body = registerBody(
      { ...filled, full_name: ' Айгерим ', address: ' пр. Абая 1 ', service: ' Стрижка ', duration: '45', price: '5000' },
      undefined,
    );
    expect(body).toMatchObject({ full_name: 'Айгерим', address: 'пр. Абая 1', captcha_token: undefined });
    expect(body.service).toEqual({ name: 'Стрижка', duration: 45, price: 5000 });
  });

  it('leaves out a cleared duration and a blank address rather than sending 0 or ""', () => {
    const body = registerBody({ ...filled, duration: '', address: '   ' }, undefined);
    expect(body.service.duration).toBeUndefined();
    expect(body.address).toBeUndefined();
  });
});
