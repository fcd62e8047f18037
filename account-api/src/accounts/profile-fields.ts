import { Type } from 'typebox';
import type { SaveProfileQuery } from '@portal/shared-contracts/account';
import { nullableTextField, textField, type TextFieldOptions } from '../http/text-field';
import type { Check } from '../http/validation';
import type { AccountCheck } from './rules';

type EditableField = keyof SaveProfileQuery;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** dob: a real calendar date, YYYY-MM-DD, in the past. */
export function dateOfBirthRule(today: () => Date): Check {
  return (value) => {
    const match = ISO_DATE.exec(value);
    if (!match) return 'dob must be a date written YYYY-MM-DD';
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
      return 'dob is not a real date';
    if (year < 1900 || value > today().toISOString().slice(0, 10)) return 'dob must be between 1900 and today';
    return null;
  };
}

/** product §3 leaves types open; these limits keep the data sane without rejecting real addresses. */
type Text = Omit<TextFieldOptions<AccountCheck>, 'checks'> & { checks?: AccountCheck[] };
const plain = (options: Text): TextFieldOptions<AccountCheck> => ({
  ...options,
  checks: ['plain-text', ...(options.checks ?? [])],
});
/** Names are required at sign-up, so they can be changed but not blanked. */
const name = () => textField(plain({ maxLength: 50, notBlank: true }));
/** '' clears the field; null is ignored, like a field not sent. */
const clearable = (options: Text) => nullableTextField(plain(options));

/** save_profile's fields: any subset; fields not sent stay as they are, unknown ones are ignored. */
export const PROFILE_CHANGES = Type.Object({
  first_name: Type.Optional(name()),
  last_name: Type.Optional(name()),
  dob: Type.Optional(clearable({ maxLength: 10, checks: ['date-of-birth'] })),
  gender: Type.Optional(clearable({ maxLength: 30 })),
  phone: Type.Optional(
    clearable({
      maxLength: 24,
      pattern: { regex: /^\+?[0-9 ().-]{5,24}$/, message: 'phone may hold digits, spaces, ( ) . - and a leading +' },
    }),
  ),
  country: Type.Optional(clearable({ maxLength: 100 })),
  state: Type.Optional(clearable({ maxLength: 100 })),
  city: Type.Optional(clearable({ maxLength: 100 })),
  postal_code: Type.Optional(
    clearable({
      maxLength: 12,
      pattern: { regex: /^[A-Za-z0-9 -]{2,12}$/, message: 'postal_code must be 2-12 letters, digits, spaces or dashes' },
    }),
  ),
  street_address_1: Type.Optional(clearable({ maxLength: 200 })),
  street_address_2: Type.Optional(clearable({ maxLength: 200 })),
});

/** The changes a valid save_profile input asks for: '' means "clear it" (null); null means nothing. */
export function profileChanges(
  input: Partial<Record<EditableField, string | null>>,
): Partial<Record<EditableField, string | null>> {
  const changes: Partial<Record<EditableField, string | null>> = {};
  for (const field of Object.keys(PROFILE_CHANGES.properties) as EditableField[]) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    changes[field] = value === '' ? null : value;
  }
  return changes;
}
