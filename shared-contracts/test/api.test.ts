import { ACCOUNT_API_PREFIX, API_PATHS, ERROR_FALLBACKS, errorDetailMessage } from '../src/account';

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

/** product §7's call list as written there: a leading slash, or none (prefix left open). */
const PRODUCT_CALLS = [
  '/get-user-info/',
  'upload',
  'save_profile',
  'save_picture',
  '/register/',
  'verify-captcha',
  '/login/',
  'update-password',
  '/reset-password/',
  '/forgot-password/',
  'activate-user',
  'balance',
  '/verify-email/',
  '/resend-verification-email/',
];
/** Paths this project adds beyond that list, each documented on API_PATHS. */
const BEYOND_PRODUCT: (keyof typeof API_PATHS)[] = [
  'refreshToken',
  'logout',
  'library',
  'uploads',
  'health',
  'livez',
  'readyz',
  'devOutbox',
];

describe('API_PATHS serves product §7', () => {
  test.each(PRODUCT_CALLS)('%s: as written, or under the one prefix when written without a slash', (call) => {
    const expected = call.startsWith('/') ? call : `${ACCOUNT_API_PREFIX}/${call}`;
    expect(Object.values(API_PATHS)).toContain(expected);
  });

  test('every other path is one of the documented additions, and no two calls share a path', () => {
    const product = new Set(PRODUCT_CALLS.map((call) => (call.startsWith('/') ? call : `${ACCOUNT_API_PREFIX}/${call}`)));
    const others = Object.entries(API_PATHS)
      .filter(([, path]) => !product.has(path))
      .map(([key]) => key);
    expect(others.sort()).toEqual([...BEYOND_PRODUCT].sort());
    expect(new Set(Object.values(API_PATHS)).size).toBe(Object.keys(API_PATHS).length);
  });
});
