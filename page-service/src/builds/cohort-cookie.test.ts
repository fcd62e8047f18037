import { nginxCookieValue, readKeyedCookie } from './cohort-cookie';

const NAME = 'portal_cohort';

test('nginx’s reading: any case, pairs split at `;` and `,`, the value up to `;`, the first match', () => {
  expect(nginxCookieValue('portal_cohort=a.c', NAME)).toBe('a.c');
  expect(nginxCookieValue('PORTAL_COHORT=a.s; portal_cohort=a.c', NAME)).toBe('a.s');
  expect(nginxCookieValue('probe=1, portal_cohort=a.s; portal_cohort=a.c', NAME)).toBe('a.s');
  expect(nginxCookieValue('portal_cohort = a.c ;x=1', NAME)).toBe('a.c ');
  expect(nginxCookieValue('portal_cohort=a.c, x=1', NAME)).toBe('a.c, x=1');
  expect(nginxCookieValue('xportal_cohort=a.c', NAME)).toBe('');
  expect(nginxCookieValue('a=1;\tportal_cohort=a.c', NAME)).toBe('');
});

test('one plain pair under its exact name is read; no pair is no cookie', () => {
  expect(readKeyedCookie(undefined, NAME)).toEqual({ value: undefined, ambiguous: false });
  expect(readKeyedCookie('theme=dark', NAME)).toEqual({ value: undefined, ambiguous: false });
  expect(readKeyedCookie('portal_cohort=a.c', NAME)).toEqual({ value: 'a.c', ambiguous: false });
  expect(readKeyedCookie('theme=dark; portal_cohort=a.c_b.s; x=1', NAME)).toEqual({ value: 'a.c_b.s', ambiguous: false });
});

test.each([
  // The review's two requests: nginx keys them by a.s, a reader of `;` pairs sees a.c.
  'PORTAL_COHORT=a.s; portal_cohort=a.c',
  'probe=1, portal_cohort=a.s; portal_cohort=a.c',
  'portal_cohort=a.s; portal_cohort=a.c',
  'Portal_Cohort=a.c',
  'portal_cohort =a.c',
  'portal_cohort=a.c, x=1',
  'portal_cohort=a%2Ec',
  'portal_cohort="a.c"',
  'portal_cohort=',
  'a=1;\tportal_cohort=a.c',
])('ambiguous: %s', (header) => {
  expect(readKeyedCookie(header, NAME)).toEqual({ value: undefined, ambiguous: true });
});
