import { Type, type Static } from 'typebox';
import { isIsoTimestamp, LIBRARY_LIMITS, type LibraryListName, type PlayerLibrary } from '@portal/shared-contracts';
import type { Expect, SameShape } from '../http/response-schema';
import type { Check } from '../http/validation';

const GAME_ID_MESSAGE = 'gameId must be a whole number';
const AT_MESSAGE = 'at must be an ISO-8601 UTC time';

/** The library's named check (x-checks): a time as Date#toISOString writes it, and a real one. */
export const LIBRARY_CHECKS = {
  'iso-utc-time': (value) => (isIsoTimestamp(value) ? null : AT_MESSAGE),
} satisfies Record<string, Check>;

/**
 * One list entry. `x-error-type` gives the FastAPI type of the field's own messages: a missing or
 * non-object entry reads as a bad game id, a missing or malformed time as a bad time, as the
 * hand-written reader answered.
 */
const ENTRY = Type.Object(
  {
    gameId: Type.Integer({ 'x-error-type': 'int_type' }),
    at: Type.String({
      'x-checks': ['iso-utc-time'],
      'x-error-type': 'datetime_type',
      errorMessage: { type: AT_MESSAGE },
    }),
  },
  {
    'x-error-type': 'int_type',
    errorMessage: { type: GAME_ID_MESSAGE, required: { gameId: GAME_ID_MESSAGE, at: AT_MESSAGE } },
  },
);

const list = (name: LibraryListName) =>
  Type.Array(ENTRY, {
    maxItems: LIBRARY_LIMITS[name],
    'x-error-type': 'too_long',
    errorMessage: { maxItems: `${name} must have at most ${LIBRARY_LIMITS[name]} games` },
  });

/**
 * Body of POST and PUT /api/library: either list may be left out (read as empty). Only the shape
 * is checked here; the catalogue and the clock are the handler's (library-checks.ts). The route
 * validates it without type coercion (decision 0048): a game id sent as text is refused.
 */
export const LIBRARY_BODY = Type.Object(
  { favourites: Type.Optional(list('favourites')), recentlyPlayed: Type.Optional(list('recentlyPlayed')) },
  {
    'x-error-type': 'model_type',
    errorMessage: { type: 'Send a JSON object with favourites and recentlyPlayed lists' },
  },
);

export type LibraryBodyMatches = Expect<SameShape<Static<typeof LIBRARY_BODY>, Partial<PlayerLibrary>>>;
