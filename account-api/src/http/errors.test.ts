import { API_PATHS } from '@portal/shared-contracts/account';
import { detailOf, form, json, setupTestServer } from '../testing/test-server';
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

  it('words a field with its own message and x-error-type, a missing one at the field, as ajv-errors reports them', () => {
    const entry = {
      type: 'object',
      required: ['id', 'at'],
      properties: {
        id: { type: 'integer', 'x-error-type': 'int_type' },
        at: { type: 'string', 'x-error-type': 'datetime_type' },
      },
      'x-error-type': 'model_type',
      errorMessage: { type: 'send an entry', required: { id: 'id must be a whole number', at: 'at must be a time' } },
    };
    const items = schemaErrorItems(
      [
        {
          keyword: 'errorMessage',
          instancePath: '/1',
          schemaPath: '#/items/errorMessage',
          message: 'at must be a time',
          params: { errors: [{ keyword: 'required', schemaPath: '#/items/required', params: { missingProperty: 'at' } }] },
        },
        {
          keyword: 'errorMessage',
          instancePath: '/0',
          schemaPath: '#/items/errorMessage',
          message: 'send an entry',
          params: { errors: [{ keyword: 'type', schemaPath: '#/items/type', params: { type: 'object' } }] },
        },
      ],
      'body',
      { body: { type: 'array', items: entry } },
    );
    expect(items).toEqual([
      { loc: ['body', 1, 'at'], msg: 'at must be a time', type: 'datetime_type' },
      { loc: ['body', 0], msg: 'send an entry', type: 'model_type' },
    ]);
  });
});

describe('error shape (product §8), as the running app answers', () => {
  const server = setupTestServer();

  it('answers unknown routes with 404 {"detail": "Not Found"}', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(json<unknown>(response)).toEqual({ detail: 'Not Found' });
  });

  it.each([
    {
      name: 'answers malformed JSON with 400 and a readable detail, never 500',
      request: { url: API_PATHS.login, headers: { 'content-type': 'application/json' }, payload: '{"username":' },
      status: 400,
      detail: 'Malformed JSON body',
    },
    {
      name: 'answers an unsupported content type with 415',
      request: { url: API_PATHS.login, headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
      status: 415,
      detail: 'Unsupported Content-Type',
    },
    {
      name: 'refuses a body over the limit with 413',
      request: { url: API_PATHS.register, ...form({ username: 'x'.repeat(70_000) }) },
      status: 413,
      detail: 'Request body is too large',
    },
  ])('$name', async ({ request, status, detail }) => {
    const response = await server.app.inject({ method: 'POST', ...request });
    expect(response.statusCode).toBe(status);
    expect(detailOf(response.body)).toBe(detail);
  });

  it('ignores prototype-pollution keys in JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","__proto__":{"polluted":true}}',
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
