import type { SaveProfileQuery } from 'shared-contracts/account';
import type { FieldSpec, InputReader, Rule } from '../http/input';
import { plainTextRule } from './rules';

type EditableField = keyof SaveProfileQuery;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** dob: a real calendar date, YYYY-MM-DD, in the past. */
export function dateOfBirthRule(today: () => Date): Rule {
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

const phoneRule: Rule = (value) =>
  /^\+?[0-9 ().-]{5,24}$/.test(value) ? null : 'phone may hold digits, spaces, ( ) . - and a leading +';
const postalCodeRule: Rule = (value) =>
  /^[A-Za-z0-9 -]{2,12}$/.test(value) ? null : 'postal_code must be 2-12 letters, digits, spaces or dashes';

/** product §3 leaves types open; these limits keep the data sane without rejecting real addresses. */
function specs(today: () => Date): Record<EditableField, FieldSpec> {
  const text = (maxLength: number, ...rules: Rule[]): FieldSpec => ({ maxLength, rules: [plainTextRule, ...rules] });
  return {
    first_name: text(50),
    last_name: text(50),
    dob: text(10, dateOfBirthRule(today)),
    gender: text(30),
    phone: text(24, phoneRule),
    country: text(100),
    state: text(100),
    city: text(100),
    postal_code: text(12, postalCodeRule),
    street_address_1: text(200),
    street_address_2: text(200),
  };
}

/** Names are required at sign-up, so they can be changed but not blanked. */
const NOT_CLEARABLE: ReadonlySet<EditableField> = new Set(['first_name', 'last_name']);

/**
 * The changes a save_profile request asks for: fields that are present, with '' meaning
 * "clear it" (null). Fields not sent stay as they are; unknown parameters are ignored.
 */
export function readProfileChanges(input: InputReader, today: () => Date): Partial<Record<EditableField, string | null>> {
  const changes: Partial<Record<EditableField, string | null>> = {};
  for (const [field, spec] of Object.entries(specs(today)) as [EditableField, FieldSpec][]) {
    if (!input.has(field)) continue;
    const value = input.string(field, { ...spec, required: NOT_CLEARABLE.has(field) });
    if (value !== undefined) changes[field] = value === '' ? null : value;
  }
  return changes;
}
