import { Type, type Static } from 'typebox';
import type { UserRecord } from '@portal/shared-contracts/account';
import { nullableText, type Expect, type SameShape } from '../http/response-schema';

/** get-user-info's answer (decision 0024), the hot read. */
export const USER_RECORD = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  email_verified: Type.Boolean(),
  created_at: Type.String(),
  first_name: nullableText(),
  last_name: nullableText(),
  picture_url: nullableText(),
  dob: nullableText(),
  gender: nullableText(),
  phone: nullableText(),
  country: nullableText(),
  state: nullableText(),
  city: nullableText(),
  postal_code: nullableText(),
  street_address_1: nullableText(),
  street_address_2: nullableText(),
});

export type UserRecordSchemaMatches = Expect<SameShape<Static<typeof USER_RECORD>, UserRecord>>;
