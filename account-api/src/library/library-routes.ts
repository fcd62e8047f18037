import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { LIBRARY_LIMITS, mergeLibraries, normaliseList, type PlayerLibrary } from '@portal/shared-contracts';
import type { LibraryPayload } from '@portal/shared-contracts/account';
import { API_PATHS } from '@portal/shared-contracts/account';
import type { LibraryListKind } from '../db/schema';
import { currentUser } from '../http/auth';
import { acceptLibrary } from './library-checks';
import { LIBRARY_BODY } from './library-schema';

const KIND_OF = { favourites: 'favourite', recentlyPlayed: 'recent' } as const satisfies Record<
  keyof PlayerLibrary,
  LibraryListKind
>;

/**
 * The player library of decision 0025, for the signed-in player:
 * GET reads it; POST merges the body into it (sign-in: browser lists + account lists) and PUT
 * replaces it (later changes); both answer the stored library.
 * The body is checked by LIBRARY_BODY with `exactTypes` (the API's validator without coercion),
 * after the bearer check (401 before 422), then by acceptLibrary (catalogue, clock).
 */
export interface LibraryRoutesOptions {
  /** The API's validator without type coercion. */
  exactTypes: FastifySchemaCompiler<unknown>;
}

export const libraryRoutes: FastifyPluginAsyncTypebox<LibraryRoutesOptions> = async (app, { exactTypes }) => {
  const { authenticate, now } = app;
  const { db } = app.database;
  // A fresh object per route: Fastify rewrites the options it is given.
  const writeOptions = () => ({ preValidation: authenticate, schema: { body: LIBRARY_BODY }, validatorCompiler: exactTypes });

  async function read(userId: number): Promise<PlayerLibrary> {
    const rows = await db.selectFrom('player_library').select(['list', 'game_id', 'at']).where('user_id', '=', userId).execute();
    const entries = (kind: LibraryListKind) =>
      rows.filter((row) => row.list === kind).map((row) => ({ gameId: row.game_id, at: row.at }));
    return {
      favourites: normaliseList(entries('favourite'), LIBRARY_LIMITS.favourites),
      recentlyPlayed: normaliseList(entries('recent'), LIBRARY_LIMITS.recentlyPlayed),
    };
  }

  async function replace(userId: number, library: PlayerLibrary): Promise<void> {
    const rows = (Object.keys(KIND_OF) as (keyof PlayerLibrary)[]).flatMap((list) =>
      library[list].map((entry) => ({ user_id: userId, list: KIND_OF[list], game_id: entry.gameId, at: entry.at })),
    );
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('player_library').where('user_id', '=', userId).execute();
      if (rows.length > 0) await trx.insertInto('player_library').values(rows).execute();
    });
  }

  app.get(API_PATHS.library, { preHandler: authenticate }, async (request): Promise<LibraryPayload> =>
    read(currentUser(request).id),
  );

  app.put(API_PATHS.library, writeOptions(), async (request): Promise<LibraryPayload> => {
    const user = currentUser(request);
    const library = acceptLibrary(request.body, now());
    await replace(user.id, library);
    return library;
  });

  app.post(API_PATHS.library, writeOptions(), async (request): Promise<LibraryPayload> => {
    const user = currentUser(request);
    const incoming = acceptLibrary(request.body, now());
    // One transaction would not stop two devices merging at once; the merge is commutative,
    // so the later write still holds both sides' games.
    const merged = mergeLibraries(await read(user.id), incoming);
    await replace(user.id, merged);
    return merged;
  });
};
