/** API errors in the page's language, chosen by code and field: the English `detail` never reaches a person. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../web/src/shared/api.js';
import { errorText, fieldErrorText } from '../../web/src/shared/error-text.js';
import { setLang } from '../../web/src/shared/i18n.js';

// setLang marks <html lang>; a bare stand-in is all it needs outside a browser (taken away after:
// the unit files share their worker's globals).
beforeAll(() => vi.stubGlobal('document', { documentElement: { lang: 'ru' } }));
afterEach(() => setLang('ru'));
afterAll(() => vi.unstubAllGlobals());

const invalidPhone = new ApiError(
  400,
  'Invalid phone: expected a Kazakhstan number of 10 or 11 digits',
  [{ field: 'phone', message: 'Invalid phone: expected a Kazakhstan number of 10 or 11 digits' }],
  'invalid_input',
);

describe('errors in the page language', () => {
  it('an invalid phone reads in Russian, Kazakh and English, never as the API detail', () => {
    expect(errorText(invalidPhone)).toBe('Нужен казахстанский номер: +7 и 10 цифр, например +7 701 123 45 67.');
    setLang('kk');
    expect(errorText(invalidPhone)).toMatch(/^Қазақстан нөмірі керек/);
    setLang('en');
    expect(errorText(invalidPhone)).toMatch(/^A Kazakhstan number is needed/);
  });

  it('by code, whatever the detail says', () => {
    expect(errorText(new ApiError(409, 'Slot is taken', [], 'slot_taken'))).toBe('Это время уже занято. Выберите другое.');
    expect(errorText(new ApiError(503, 'Database unavailable', [], 'unavailable'))).toMatch(/временно недоступен/);
    expect(errorText(new ApiError(NETWORK_ERROR, 'Network error'))).toMatch(/^Нет связи/);
    expect(errorText(new ApiError(502, '<html>Bad gateway</html>'))).toMatch(/временно недоступен/);
    expect(errorText(new Error('TypeError: x is undefined'))).not.toContain('TypeError');
  });

  it('a nested field reads by its last segment; an unknown one asks to check it', () => {
    expect(fieldErrorText('client.phone')).toMatch(/^Нужен казахстанский номер/);
    expect(fieldErrorText('days.0.open')).toBe('Проверьте это поле.');
  });
});
