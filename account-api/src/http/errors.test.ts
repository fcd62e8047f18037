import { schemaErrorItems } from './errors';

/** A route's body schema as the text-field helper writes it: rules in the order they apply. */
const ROUTE_SCHEMA = {
  body: {
    type: 'object',
    required: ['name', 'phone'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 5, pattern: '^[a-z]+$', errorMessage: { pattern: 'name: letters only' } },
      phone: { type: 'string', maxLength: 9, 'x-checks': ['plain-text'], pattern: '^[0-9]+$' },
    },
  },
};

describe('schemaErrorItems', () => {
  it('keeps the first rule in schema order per field and lists fields in schema order, whatever order Ajv reported', () => {
    const items = schemaErrorItems(
      [
        { keyword: 'pattern', instancePath: '/phone', schemaPath: '#/properties/phone/pattern', params: {} },
        {
          keyword: 'x-checks',
          instancePath: '/phone',
          schemaPath: '#/properties/phone/x-checks',
          message: 'must not contain control characters',
          params: {},
        },
        {
          keyword: 'errorMessage',
          instancePath: '/name',
          schemaPath: '#/properties/name/errorMessage',
          message: 'name: letters only',
          params: { errors: [{ keyword: 'pattern', schemaPath: '#/properties/name/pattern' }] },
        },
        { keyword: 'maxLength', instancePath: '/name', schemaPath: '#/properties/name/maxLength', params: { limit: 5 } },
      ],
      'body',
      ROUTE_SCHEMA,
    );
    expect(items).toEqual([
      { loc: ['body', 'name'], msg: 'name must be at most 5 characters', type: 'string_too_long' },
      { loc: ['body', 'phone'], msg: 'must not contain control characters', type: 'value_error' },
    ]);
  });

  it('reads a missing field before its neighbours, and a blank one as missing', () => {
    const items = schemaErrorItems(
      [
        { keyword: 'required', instancePath: '', schemaPath: '#/required', params: { missingProperty: 'phone' } },
        { keyword: 'minLength', instancePath: '/name', schemaPath: '#/properties/name/minLength', params: { limit: 1 } },
      ],
      'querystring',
      { querystring: ROUTE_SCHEMA.body },
    );
    expect(items).toEqual([
      { loc: ['query', 'name'], msg: 'name is required', type: 'missing' },
      { loc: ['query', 'phone'], msg: 'phone is required', type: 'missing' },
    ]);
  });
});
