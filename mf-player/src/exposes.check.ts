// Compile-time proof that this remote exposes exactly what shared-contracts declares: `satisfies`
// rejects a missing expose, an undeclared one, and an expose whose exports have the wrong shape.
import type { ExposesOf } from 'shared-contracts';
import * as PlayPage from './exposes/play-page';

export const exposedModules = {
  './PlayPage': PlayPage,
} satisfies ExposesOf<'mf_player'>;
