import {
  isValidEmail,
  PASSWORD_CRITERIA,
  passwordMeetsCriteria,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
  validateVerificationCode,
  VALIDATION_MESSAGES as M,
} from '../src/account';

const goodSignUp = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  password: 'Str0ng!pass',
  agreedToTerms: true,
  captchaToken: 'token',
};

describe('password criteria (product §5)', () => {
  it('needs 8+ chars, upper, lower, digit and a special character', () => {
    expect(passwordMeetsCriteria('Str0ng!pass')).toBe(true);
    expect(passwordMeetsCriteria('Sh0rt!a')).toBe(false);
    expect(passwordMeetsCriteria('nouppercase1!')).toBe(false);
    expect(passwordMeetsCriteria('NOLOWERCASE1!')).toBe(false);
    expect(passwordMeetsCriteria('NoDigits!!')).toBe(false);
    expect(passwordMeetsCriteria('NoSpecial123')).toBe(false);
    expect(passwordMeetsCriteria('Under_score1')).toBe(false); // '_' is not in product §5.3's set
  });

  it('accepts every special character product §5.3 lists', () => {
    for (const c of '!@#$%^&*(),.?":{}|<>') expect(passwordMeetsCriteria(`Abcdefg1${c}`)).toBe(true);
  });

  it('exposes five labelled criteria for the live checklist', () => {
    expect(PASSWORD_CRITERIA.map((c) => c.id)).toEqual(['length', 'uppercase', 'lowercase', 'digit', 'special']);
  });
});

describe('email pattern', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@sub.example.org', true],
    ['no-at.example.com', false],
    ['a@b', false],
    ['a b@c.com', false],
    ['', false],
    ["o'brien_x-y@mail-1.example.co.uk", true],
    ['  padded@example.com  ', true],
    // Address syntax a mail library would turn into another recipient, or that is not one address.
    ['x1<victim@corp.com>', false],
    ['Name <victim@corp.com>', false],
    ['"quoted"@example.com', false],
    ['"a@b"@example.com', false],
    ['a(comment)@example.com', false],
    ['victim@corp.com (comment)', false],
    ['a@example.com,b@example.com', false],
    ['a@example.com;b@example.com', false],
    ['a@b@example.com', false],
    ['a..b@example.com', false],
    ['.a@example.com', false],
    ['a.@example.com', false],
    ['a@-example.com', false],
    ['a@example..com', false],
    ['a@[127.0.0.1]', false],
    ['a\\b@example.com', false],
    ['=?utf-8?q?x?=@example.com', false],
    [`${'a'.repeat(65)}@example.com`, false],
  ])('%s -> %s', (email, ok) => expect(isValidEmail(email)).toBe(ok));
});

describe('validateSignUp, in product §5 order', () => {
  it('passes a complete form', () => expect(validateSignUp(goodSignUp)).toBeNull());
  it.each(['firstName', 'lastName', 'username', 'email', 'password'] as const)('requires %s', (field) => {
    expect(validateSignUp({ ...goodSignUp, [field]: '   ' })).toBe(M.allFieldsRequired);
  });
  it('checks the email, then the password, then terms, then captcha', () => {
    expect(validateSignUp({ ...goodSignUp, email: 'bad', password: 'weak', agreedToTerms: false, captchaToken: null })).toBe(
      M.invalidEmail,
    );
    expect(validateSignUp({ ...goodSignUp, password: 'weak', agreedToTerms: false, captchaToken: null })).toBe(
      M.passwordCriteria,
    );
    expect(validateSignUp({ ...goodSignUp, agreedToTerms: false, captchaToken: null })).toBe(M.termsRequired);
    expect(validateSignUp({ ...goodSignUp, captchaToken: null })).toBe(M.captchaRequired);
  });
  it('uses the exact product §5 texts', () => {
    expect(M.allFieldsRequired).toBe('All fields are required!');
    expect(M.invalidEmail).toBe('Please enter a valid email address.');
    expect(M.passwordCriteria).toBe('Password must meet all criteria.');
    expect(M.termsRequired).toBe('You must agree to the terms and conditions.');
    expect(M.captchaRequired).toBe('Please complete the CAPTCHA.');
  });
});

describe('validateSignIn', () => {
  it('requires both fields', () => {
    expect(validateSignIn({ identifier: ' ', password: 'x', captchaToken: 't' })).toBe('Both email and password are required!');
    expect(validateSignIn({ identifier: 'a@b.co', password: '', captchaToken: 't' })).toBe(M.signInFieldsRequired);
  });
  it('checks an email-looking entry, accepts a user ID', () => {
    expect(validateSignIn({ identifier: 'a@b', password: 'x', captchaToken: 't' })).toBe(M.invalidEmail);
    expect(validateSignIn({ identifier: 'player_one', password: 'x', captchaToken: 't' })).toBeNull();
  });
  it('needs the captcha', () => {
    expect(validateSignIn({ identifier: 'a@b.co', password: 'x', captchaToken: '' })).toBe(M.captchaRequired);
  });
});

describe('forgot, verify and reset', () => {
  it('forgot password: required, then format', () => {
    expect(validateForgotPassword('')).toBe('Email is required!');
    expect(validateForgotPassword('nope')).toBe(M.invalidEmail);
    expect(validateForgotPassword('a@b.co')).toBeNull();
  });
  it('verify email: code required', () => {
    expect(validateVerificationCode(' ')).toBe('Verification code is required.');
    expect(validateVerificationCode('123456')).toBeNull();
  });
  it('reset password: code, both fields, match, criteria', () => {
    const ok = { code: '123456', newPassword: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' };
    expect(validateResetPassword({ ...ok, code: '' })).toBe('Verification code is required.');
    expect(validateResetPassword({ ...ok, confirmPassword: '' })).toBe('Password fields are required.');
    expect(validateResetPassword({ ...ok, confirmPassword: 'Str0ng!pasS' })).toBe('Passwords do not match.');
    expect(validateResetPassword({ ...ok, newPassword: 'weak', confirmPassword: 'weak' })).toBe(M.passwordCriteria);
    expect(validateResetPassword(ok)).toBeNull();
  });
});
