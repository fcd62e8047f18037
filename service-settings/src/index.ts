// The settings reader both Node services share (read-settings.ts) and the shape of a setting
// their schemas declare (service-setting.ts).
export { readSetting, readSettings, switchOf, type SettingValue, type SettingValues } from './read-settings';
export type { ServiceSetting, ServiceSettingsSchema } from './service-setting';
