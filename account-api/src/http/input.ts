import type { ValidationErrorItem } from 'shared-contracts/account';
import { invalidInput } from './errors';

export type InputSource = 'body' | 'query';

/** A rule returns an error message, or null when the (trimmed) value is fine. */
export type Rule = (value: string) => string | null;

export interface FieldSpec {
  required?: boolean;
  /** Keep surrounding spaces (passwords); everything else is trimmed. */
  raw?: boolean;
  maxLength?: number;
  rules?: Rule[];
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Reads string fields from a parsed JSON, form or query object, collecting every problem
 * before failing, so the client can show them all at once (product §8 list detail).
 */
export class InputReader {
  private readonly values: Record<string, unknown>;
  private readonly problems: ValidationErrorItem[] = [];

  constructor(
    input: unknown,
    private readonly source: InputSource,
  ) {
    this.values = asRecord(input);
  }

  /** Present (non-blank) value, '' when absent and optional. */
  string(name: string, spec: FieldSpec & { required: true }): string;
  string(name: string, spec?: FieldSpec): string | undefined;
  string(name: string, spec: FieldSpec = {}): string | undefined {
    const value = this.values[name];
    const problem = (msg: string, type: string) => {
      this.problems.push({ loc: [this.source, name], msg, type });
      return spec.required ? '' : undefined;
    };
    if (value === undefined || value === null) return spec.required ? problem(`${name} is required`, 'missing') : undefined;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return problem(`${name} must be a single text value`, 'string_type');
    const text = spec.raw ? String(value) : String(value).trim();
    if (text === '') return spec.required ? problem(`${name} is required`, 'missing') : '';
    if (spec.maxLength !== undefined && text.length > spec.maxLength)
      return problem(`${name} must be at most ${spec.maxLength} characters`, 'string_too_long');
    for (const rule of spec.rules ?? []) {
      const message = rule(text);
      if (message) return problem(message, 'value_error');
    }
    return text;
  }

  has(name: string): boolean {
    return this.values[name] !== undefined;
  }

  /** Throws 422 with every collected problem, if any. */
  done(): void {
    if (this.problems.length > 0) throw invalidInput(this.problems);
  }
}
