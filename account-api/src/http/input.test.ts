import { HttpError } from './errors';
import { InputReader } from './input';

function problems(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, detail: error.detail };
    throw error;
  }
  return null;
}

describe('InputReader', () => {
  it('trims values, keeps raw ones raw, and passes good input', () => {
    const input = new InputReader({ name: '  Ada ', password: ' pw ' }, 'body');
    expect(input.string('name', { required: true })).toBe('Ada');
    expect(input.string('password', { required: true, raw: true })).toBe(' pw ');
    expect(input.string('absent')).toBeUndefined();
    expect(() => input.done()).not.toThrow();
  });

  it('collects every problem into one 422 with loc, msg and type', () => {
    const input = new InputReader({ a: '', b: ['x', 'y'], c: 'toolong', d: 'bad' }, 'query');
    input.string('a', { required: true });
    input.string('b');
    input.string('c', { maxLength: 3 });
    input.string('d', { rules: [(value) => (value === 'bad' ? 'd is bad' : null)] });
    input.string('e', { required: true });
    expect(problems(() => input.done())).toEqual({
      status: 422,
      detail: [
        { loc: ['query', 'a'], msg: 'a is required', type: 'missing' },
        { loc: ['query', 'b'], msg: 'b must be a single text value', type: 'string_type' },
        { loc: ['query', 'c'], msg: 'c must be at most 3 characters', type: 'string_too_long' },
        { loc: ['query', 'd'], msg: 'd is bad', type: 'value_error' },
        { loc: ['query', 'e'], msg: 'e is required', type: 'missing' },
      ],
    });
  });

  it('treats a missing or non-object input as empty', () => {
    const input = new InputReader(undefined, 'body');
    input.string('x', { required: true });
    expect(problems(() => input.done())).toMatchObject({ status: 422 });
  });
});
