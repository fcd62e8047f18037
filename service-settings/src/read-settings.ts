// The one settings reader of both services: every setting a schema declares, read once from the
// environment by its kind. Node built-ins only, and only syntax Node can strip: the release
// script runs this file with Node itself (scripts/release.mjs reads the override secret with it).
import fs from 'node:fs';
import type { ServiceSetting, ServiceSettingsSchema } from './service-setting';

/** The value one setting reads as, by its kind (service-setting.ts). */
type ValueOf<S> = S extends { kind: 'integer' | 'number' }
  ? number
  : S extends { kind: 'switch' }
    ? boolean
    : S extends { kind: 'list' }
      ? string[]
      : S extends { choices: readonly (infer Choice)[] }
        ? Choice
        : string;

/** With a default it always has a value; without one, null stands for unset. */
export type SettingValue<S> = S extends { default: string } ? ValueOf<S> : ValueOf<S> | null;

/** Every setting a schema declares (retired ones aside), read and typed. */
export type SettingValues<S extends ServiceSettingsSchema> = {
  -readonly [Name in keyof S as S[Name] extends { retired: true } ? never : Name]: SettingValue<S[Name]>;
};

/** The text of a setting, trimmed; '' is unset unless the setting keeps it. */
function textOf(env: NodeJS.ProcessEnv, name: string, setting: ServiceSetting): string | null {
  const raw = env[name]?.trim();
  if (raw === undefined) return null;
  return raw === '' && !setting.emptyAllowed ? null : raw;
}

/**
 * `NAME` from the environment, or the content of the file `NAME_FILE` names (Docker and
 * Kubernetes secrets, systemd credentials), so a secret need not sit in the process environment
 * where every child process and crash dump sees it. One trailing newline is dropped; both set,
 * an unreadable or empty file stop start-up.
 */
function secretOf(env: NodeJS.ProcessEnv, name: string, setting: ServiceSetting): string | null {
  const direct = textOf(env, name, setting);
  const file = env[`${name}_FILE`]?.trim();
  if (!file) return direct;
  if (direct) throw new Error(`Set ${name} or ${name}_FILE, not both`);
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${name}_FILE: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`);
  }
  const value = content.replace(/\r?\n$/, '').trim();
  if (value === '') throw new Error(`${name}_FILE: ${file} is empty`);
  return value;
}

function integerOf(name: string, raw: string, setting: ServiceSetting): number {
  const min = setting.min ?? 1;
  const value = Number(raw);
  if (Number.isInteger(value) && value >= min && value <= (setting.max ?? Infinity)) return value;
  if (setting.max !== undefined) throw new Error(`${name} must be a whole number ${min}-${setting.max}, got "${raw}"`);
  throw new Error(
    min === 1 ? `${name} must be a positive integer, got "${raw}"` : `${name} must be at least ${min}, got "${raw}"`,
  );
}

function numberOf(name: string, raw: string, setting: ServiceSetting): number {
  const min = setting.min ?? 0;
  const max = setting.max ?? Infinity;
  // Number('') and Number(' ') are 0: only a written number counts.
  const value = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(raw) ? Number(raw) : NaN;
  if (value >= min && value <= max) return value;
  throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
}

/** A switch setting's value: 1/true/on or 0/false/off, anything else refused by name. */
export function switchOf(name: string, raw: string): boolean {
  const value = raw.toLowerCase();
  if (value === '1' || value === 'true' || value === 'on') return true;
  if (value === '0' || value === 'false' || value === 'off') return false;
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
}

function choiceOf(name: string, raw: string, choices: readonly string[]): string {
  const value = raw.toLowerCase();
  if (choices.includes(value)) return value;
  throw new Error(`${name} must be ${choices.join(' or ')}, got "${raw}"`);
}

function textChecked(name: string, raw: string, setting: ServiceSetting): string {
  // The value is not repeated: a text with a length rule is usually a key.
  if (setting.minLength !== undefined && raw.length < setting.minLength)
    throw new Error(`${name} must be at least ${setting.minLength} characters`);
  return raw;
}

/**
 * One setting: its text (or secret file), else its default, read as its kind says; null when
 * unset without a default. A value that does not parse throws an error naming the setting.
 */
export function readSetting<S extends ServiceSetting>(env: NodeJS.ProcessEnv, name: string, setting: S): SettingValue<S> {
  return readOne(env, name, setting) as SettingValue<S>;
}

function readOne(env: NodeJS.ProcessEnv, name: string, setting: ServiceSetting): string | number | boolean | string[] | null {
  const raw = (setting.secret ? secretOf(env, name, setting) : textOf(env, name, setting)) ?? setting.default ?? null;
  if (raw === null) return null;
  switch (setting.kind) {
    case 'integer':
      return integerOf(name, raw, setting);
    case 'number':
      return numberOf(name, raw, setting);
    case 'switch':
      return switchOf(name, raw);
    case 'list':
      return raw
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
    case 'choice':
      return choiceOf(name, raw, setting.choices ?? []);
    default:
      return textChecked(name, raw, setting);
  }
}

/**
 * Reads every setting the schema declares from the environment, each by its kind, with the
 * schema's default. A value that does not parse stops start-up with an error naming the setting.
 * Retired settings are left to the caller, which refuses them with a pointer to their successor.
 */
export function readSettings<S extends ServiceSettingsSchema>(env: NodeJS.ProcessEnv, schema: S): SettingValues<S> {
  const values: Record<string, ReturnType<typeof readOne>> = {};
  for (const [name, setting] of Object.entries(schema)) {
    if (!setting.retired) values[name] = readOne(env, name, setting);
  }
  // Each value was read by the kind its type is derived from.
  return values as SettingValues<S>;
}
