import { API_PATHS, ERROR_FALLBACKS, errorDetailMessage } from '../src/account';

describe('errorDetailMessage (product §8)', () => {
  it('uses a string detail as is', () => {
    expect(errorDetailMessage({ detail: 'Email not verified' }, 'x')).toBe('Email not verified');
  });
  it('joins a list detail by commas from msg', () => {
    const body = {
      detail: [
        { loc: ['body', 'email'], msg: 'Invalid email', type: 'value_error' },
        { loc: ['body', 'password'], msg: 'Too short', type: 'value_error' },
      ],
    };
    expect(errorDetailMessage(body, 'x')).toBe('Invalid email, Too short');
  });
  it('falls back for anything else', () => {
    expect(errorDetailMessage(undefined, ERROR_FALLBACKS.upload)).toBe('Failed to upload file');
    expect(errorDetailMessage('<html>502</html>', ERROR_FALLBACKS.balance)).toBe('Failed to fetch balance');
    expect(errorDetailMessage({ detail: [] }, ERROR_FALLBACKS.unknown)).toBe('An unknown error occurred.');
    expect(errorDetailMessage({ detail: [{ foo: 1 }] }, 'fallback')).toBe('fallback');
    expect(errorDetailMessage({ message: 'no detail' }, 'fallback')).toBe('fallback');
  });
});

test('slash-less product §7 paths share one documented prefix', () => {
  expect(API_PATHS.upload).toBe('/api/upload');
  expect(API_PATHS.balance).toBe('/api/balance');
  expect(API_PATHS.login).toBe('/login/');
});
