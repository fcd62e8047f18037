import type { FastifyServerOptions } from 'fastify';
import type { AnySchemaObject, default as Ajv, ErrorObject, Plugin } from 'ajv';
import ajvErrors from 'ajv-errors';

/** A value rule beyond JSON Schema's own keywords: an error message, or null when the value is fine. */
export type Check = (value: string) => string | null;

/**
 * The two keywords the API adds to Fastify's Ajv (decision 0048):
 * - `x-trim: true` trims a text value before any other string keyword sees it (and the handler
 *   gets it trimmed); passwords leave it out and keep their spaces.
 * - `x-checks: [name, …]` runs named checks in order and reports the first that fails with its
 *   own message: rules a pattern cannot say (an address, the password criteria, a breached
 *   password, a date of birth before today's date).
 */
function inputKeywords(ajv: Ajv, checks: Readonly<Record<string, Check>>): Ajv {
  ajv.addKeyword({
    keyword: 'x-trim',
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    errors: false,
    // First among the string keywords, so maxLength and the checks see the trimmed text.
    before: 'maxLength',
    validate: (
      trim: boolean,
      data: string,
      _parent?: AnySchemaObject,
      where?: { parentData: unknown; parentDataProperty: string | number },
    ) => {
      if (trim && where && typeof where.parentData === 'object' && where.parentData !== null) {
        (where.parentData as Record<string | number, unknown>)[where.parentDataProperty] = data.trim();
      }
      return true;
    },
  });
  ajv.addKeyword({
    keyword: 'x-checks',
    type: 'string',
    schemaType: 'array',
    compile(names: string[]) {
      const rules = names.map((name) => {
        const check = checks[name];
        if (!check) throw new Error(`x-checks: no check named ${name}`);
        return { name, check };
      });
      function validate(data: unknown): boolean {
        for (const { name, check } of rules) {
          const message = check(String(data));
          if (message !== null) {
            const errors: Partial<ErrorObject>[] = [{ keyword: 'x-checks', message, params: { check: name } }];
            validate.errors = errors;
            return false;
          }
        }
        return true;
      }
      validate.errors = undefined as Partial<ErrorObject>[] | undefined;
      return validate;
    },
  });
  return ajv;
}

/**
 * Fastify's Ajv, set up for the API's input: every problem at once (the client shows them all),
 * scalar coercion only (a list where one text value belongs is refused, not shortened to its
 * first item), ajv-errors for a field's own messages, and the API's keywords.
 */
export function inputValidation(checks: Readonly<Record<string, Check>>): NonNullable<FastifyServerOptions['ajv']> {
  return {
    customOptions: { allErrors: true, coerceTypes: true },
    plugins: [ajvErrors as Plugin<unknown>, (ajv: Ajv) => inputKeywords(ajv, checks)],
  };
}
