// Compile-time proof that this remote exposes exactly what shared-contracts declares.
import type { ExposesOf } from 'shared-contracts';
import * as PlayPage from './exposes/play-page';

export const exposedModules = {
  './PlayPage': PlayPage,
} satisfies ExposesOf<'mf_player'>;

// Every declared expose must be present (satisfies alone allows extras to be missing).
type Missing = Exclude<keyof ExposesOf<'mf_player'>, keyof typeof exposedModules>;
export const noMissingExposes: Missing extends never ? true : Missing = true;
