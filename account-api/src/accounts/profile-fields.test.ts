import { dateOfBirthRule } from './profile-fields';

describe('dateOfBirthRule', () => {
  const rule = dateOfBirthRule(() => new Date('2026-06-15T12:00:00Z'));
  it.each(['2000-02-29', '1990-12-31', '2026-06-15', '1900-01-01'])('accepts %s', (value) => {
    expect(rule(value)).toBeNull();
  });
  it.each([
    ['2001-02-29', 'dob is not a real date'],
    ['1990-13-01', 'dob is not a real date'],
    ['15/06/1990', 'dob must be a date written YYYY-MM-DD'],
    ['2026-06-16', 'dob must be between 1900 and today'],
    ['1899-12-31', 'dob must be between 1900 and today'],
  ])('refuses %s', (value, message) => {
    expect(rule(value)).toBe(message);
  });
});
