import { Type, type TString, type TUnsafe } from 'typebox';

export interface TextFieldOptions<CheckName extends string> {
  maxLength: number;
  /** Present means non-blank: '' (after trimming) reads "<field> is required". */
  notBlank?: boolean;
  /** Keep surrounding spaces (passwords); every other text is trimmed before it is checked. */
  raw?: boolean;
  /** Named checks (see x-checks in validation.ts), run in this order after the length. */
  checks?: readonly CheckName[];
  /** A regular expression the (trimmed) text must match, and what to say when it does not. */
  pattern?: { regex: RegExp; message: string };
}

/**
 * One text field of a request: a JSON-schema string whose keywords are written in the order the
 * field's rules apply. When a value breaks several, the error handler reports the first one in
 * this order (decision 0048), as the old hand-written reader did.
 */
function textKeywords<CheckName extends string>(options: TextFieldOptions<CheckName>): Record<string, unknown> {
  return {
    ...(options.raw ? {} : { 'x-trim': true }),
    ...(options.notBlank ? { minLength: 1 } : {}),
    maxLength: options.maxLength,
    ...(options.checks?.length ? { 'x-checks': [...options.checks] } : {}),
    ...(options.pattern ? { pattern: options.pattern.regex.source, errorMessage: { pattern: options.pattern.message } } : {}),
  };
}

export function textField<CheckName extends string>(options: TextFieldOptions<CheckName>): TString {
  return Type.String(textKeywords(options));
}

/** A text field where JSON null means "not sent" (it is ignored), as the old reader did. */
export function nullableTextField<CheckName extends string>(options: TextFieldOptions<CheckName>): TUnsafe<string | null> {
  return Type.Unsafe<string | null>({ type: ['string', 'null'], ...textKeywords(options) });
}
