// One setting as a service reads it (read-settings.ts), declared in the service's schema
// (account-api/src/settings.ts, page-service/src/config/settings.ts). Types only: the settings
// generator loads the schemas with Node's own type stripping.
import type { Setting } from '@portal/shared-contracts/settings';

/**
 * `kind` says how its text is read; absent: as text, where an empty value means unset (unless
 * `emptyAllowed`), at least `minLength` characters when given. `integer`: a whole number from
 * `min` (default 1) to `max`; `number`: a decimal number from `min` (default 0) to `max`;
 * `switch`: 1/0 (true/false, on/off); `list`: comma-separated; `choice`: one of `choices`, in any
 * capitalisation. The values' types are derived from these (SettingValues).
 */
export interface ServiceSetting extends Setting {
  kind?: 'integer' | 'number' | 'switch' | 'list' | 'choice';
  min?: number;
  max?: number;
  minLength?: number;
  choices?: readonly string[];
  emptyAllowed?: true;
}

/** A service's settings by environment name, in the order the reference lists them. */
export type ServiceSettingsSchema = Readonly<Record<string, ServiceSetting>>;
