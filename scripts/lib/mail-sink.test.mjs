import assert from 'node:assert/strict';
import { test } from 'node:test';
import { verificationCode } from './mail-sink.mjs';

// What Python's smtpd DebuggingServer prints for two messages (quoted-printable, a soft break).
const printed = [
  '---------- MESSAGE FOLLOWS ----------',
  'To: a@example.com',
  'Your verification code is: 111111',
  '------------ END MESSAGE ------------',
  '---------- MESSAGE FOLLOWS ----------',
  'To: b@example.com',
  'Your verification code is: 2222=',
  '22',
  '------------ END MESSAGE ------------',
  '---------- MESSAGE FOLLOWS ----------',
  'To: a@example.com',
  'Your verification code is: 333333',
  '------------ END MESSAGE ------------',
].join('\n');

test('the newest code mailed to an address, soft line breaks joined', () => {
  assert.equal(verificationCode(printed, 'a@example.com'), '333333');
  assert.equal(verificationCode(printed, 'b@example.com'), '222222');
  assert.equal(verificationCode(printed, 'c@example.com'), null);
});
