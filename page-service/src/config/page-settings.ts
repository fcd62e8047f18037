// The page service's settings, read once (server.ts; `npm start` and the tests read theirs the
// same way) through the reader both services share: each by the kind, bounds and default its
// schema entry declares (settings.ts). A bad value stops start-up with a message naming it.
import { readSettings, type SettingValues } from '@portal/service-settings';
import { PAGE_SERVICE_SETTINGS } from './settings';

export type PageServiceSettings = SettingValues<typeof PAGE_SERVICE_SETTINGS>;

/** Every setting from `env` (the process environment, in server.ts), typed; unset ones at their defaults. */
export function readPageServiceSettings(env: NodeJS.ProcessEnv): PageServiceSettings {
  return readSettings(env, PAGE_SERVICE_SETTINGS);
}
