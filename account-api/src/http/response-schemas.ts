import type { BalanceResponse, UserRecord } from 'shared-contracts/account';

/**
 * Response schemas of the authenticated reads (decision 0024): Fastify serialises a 200 answer
 * with a function compiled from the schema (fast-json-stringify) instead of JSON.stringify.
 * A schema also drops any property it does not name, so each one is typed as a record over every
 * key of its contract type: adding a field to `UserRecord` without adding it here fails tsc.
 * Only 200 has a schema; errors keep their `{"detail": ...}` shape through the error handler.
 */
type JsonType = 'integer' | 'string' | 'boolean';
interface PropertySchema {
  type: JsonType | [JsonType, 'null'];
}

function objectSchema<T>(properties: Record<keyof T & string, PropertySchema>) {
  return { type: 'object', properties, required: Object.keys(properties) } as const;
}

const text: PropertySchema = { type: 'string' };
const optionalText: PropertySchema = { type: ['string', 'null'] };

export const USER_RECORD_SCHEMA = objectSchema<UserRecord>({
  id: { type: 'integer' },
  username: text,
  email: text,
  email_verified: { type: 'boolean' },
  created_at: text,
  first_name: optionalText,
  last_name: optionalText,
  picture_url: optionalText,
  dob: optionalText,
  gender: optionalText,
  phone: optionalText,
  country: optionalText,
  state: optionalText,
  city: optionalText,
  postal_code: optionalText,
  street_address_1: optionalText,
  street_address_2: optionalText,
});

export const BALANCE_SCHEMA = objectSchema<BalanceResponse>({
  balance: { type: 'integer' },
  currency: text,
  updated_at: text,
});
