// One environment setting of a service, as its settings schema declares it. The schema is the one
// source of the service's parser defaults, of docs/settings.md and of its .env.example
// (scripts/settings/generate.mjs writes both; `npm run settings -- --check` says whether they are current).

export interface Setting {
  /** What it sets (Markdown, one or two sentences). */
  doc: string;
  /** The value the service uses when it is unset, as written in the environment; absent: unset. */
  default?: string;
  /** When the default is computed from other settings or folders: how (Markdown). */
  defaultNote?: string;
  /** The service refuses to start with NODE_ENV=production while this is unset. */
  requiredInProduction?: true;
  /** What production refuses or expects of it (Markdown), e.g. "`*` is refused". */
  production?: string;
  /** A password or key: may instead be read from the file `<NAME>_FILE` names (not both). */
  secret?: true;
  /** A value for .env.example when the default does not suit a production set-up. */
  example?: string;
  /** No longer read: refused at start-up with a pointer to what replaced it (left out of .env.example). */
  retired?: true;
}

/** A service's settings by environment name, in the order the reference lists them. */
export type SettingsSchema = Readonly<Record<string, Setting>>;
