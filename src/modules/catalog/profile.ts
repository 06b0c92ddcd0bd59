/**
 * The optional public profile of a business (description, Instagram,
 * WhatsApp) as PUT /business accepts it: null or an empty string clears a
 * field; anything else is checked and stored in one canonical form.
 */
import { Type } from '@sinclair/typebox';
import { invalidInput } from '../../core/errors.js';
import { Nullable } from '../../http/schemas.js';
import { formatPhone, normalizePhone } from '../../core/phone.js';

export const DESCRIPTION_MAX = 1000;

export const ProfileFields = {
  description: Type.Optional(
    Nullable(Type.String({ maxLength: DESCRIPTION_MAX, description: 'Shown on the booking page and in link previews; null clears' })),
  ),
  instagram: Type.Optional(
    Nullable(
      Type.String({ maxLength: 200, description: 'Account name, @name or an instagram.com link; stored as the bare name; null clears' }),
    ),
  ),
  whatsapp: Type.Optional(Nullable(Type.String({ maxLength: 40, description: 'A Kazakhstan number; null clears' }))),
};

export interface ProfileInput {
  description?: string | null;
  instagram?: string | null;
  whatsapp?: string | null;
}

const INSTAGRAM_NAME = /^(?!.*\.\.)(?!\.)[A-Za-z0-9._]{1,30}(?<!\.)$/;

/** "@name", "name", "instagram.com/name/", "https://www.instagram.com/name?igsh=..." → "name". */
export function instagramName(raw: string): string | null {
  const text = raw.trim();
  const link = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(text);
  const name = (link ? link[1]! : text).replace(/^@/, '');
  return INSTAGRAM_NAME.test(name) ? name : null;
}

const blank = (value: string | null): boolean => value === null || value.trim() === '';

/** The columns to write, for the fields present in the request. */
export function profileValues(input: ProfileInput): { description?: string | null; instagram?: string | null; whatsapp?: string | null } {
  const values: { description?: string | null; instagram?: string | null; whatsapp?: string | null } = {};
  if (input.description !== undefined) values.description = blank(input.description) ? null : input.description!.trim();
  if (input.instagram !== undefined) {
    if (blank(input.instagram)) values.instagram = null;
    else {
      const name = instagramName(input.instagram!);
      if (!name)
        throw invalidInput('Invalid instagram: expected an account name (letters, digits, . and _) or an instagram.com link', 'instagram');
      values.instagram = name;
    }
  }
  if (input.whatsapp !== undefined) {
    if (blank(input.whatsapp)) values.whatsapp = null;
    else {
      const normalized = normalizePhone(input.whatsapp!);
      if (!normalized) throw invalidInput('Invalid whatsapp: expected a Kazakhstan number of 10 or 11 digits', 'whatsapp');
      values.whatsapp = formatPhone(normalized);
    }
  }
  return values;
}
