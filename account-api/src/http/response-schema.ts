import { Type, type TUnsafe } from 'typebox';

/**
 * Helpers for response schemas (decision 0024): Fastify serialises a 200 answer with a function
 * compiled from the schema (fast-json-stringify) instead of JSON.stringify, and drops any property
 * the schema does not name. So each schema is checked against its contract type with
 * `SameShape`: adding a field to the contract without adding it to the schema fails tsc.
 * Only 200 has a schema; errors keep their `{"detail": ...}` shape through the error handler.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** `Expect<SameShape<…>>` compiles only when the two shapes match. */
export type Expect<T extends true> = T;

/** A text or null, written as a type list (not anyOf): fast-json-stringify keeps it cheap. */
export const nullableText = (): TUnsafe<string | null> => Type.Unsafe<string | null>({ type: ['string', 'null'] });
