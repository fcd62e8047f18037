import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides passwords, codes and tokens in the query string', () => {
    expect(redactUrl('/api/update-password?old_password=Secret1!&new_password=Secret2!')).toBe(
      '/api/update-password?old_password=***&new_password=***',
    );
    expect(redactUrl('/api/activate-user?token=abc')).toBe('/api/activate-user?token=***');
    expect(redactUrl('/api/save_profile?city=Paris&reset_code=123456')).toBe('/api/save_profile?city=Paris&reset_code=***');
  });

  it('leaves other URLs exactly as they were', () => {
    expect(redactUrl('/health')).toBe('/health');
    expect(redactUrl('/__dev/outbox?to=a%40b.com')).toBe('/__dev/outbox?to=a%40b.com');
  });
});
