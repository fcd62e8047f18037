import type { MailKind } from '../db/schema';
import { escapeHtml } from '@portal/shared-contracts';

/** A mail to one player, as the outbox stores it. `code` is the one-time code it carries, if any. */
export interface Mail {
  kind: MailKind;
  to: string;
  subject: string;
  /** Plain-text part: readable everywhere. */
  text: string;
  /** HTML part: the same words, every value escaped. */
  html: string;
  code: string | null;
}

/** Who the mail comes from: the brand and the site it links to. */
export interface MailBrand {
  brandName: string;
  /** No trailing slash. */
  siteUrl: string;
}

const MINUTE = 60 * 1000;

/** "24 hours", "15 minutes", "1 day and 2 hours": how long a code lasts, in words. */
export function durationInWords(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  if (minutes < 60) return plural(minutes, 'minute');
  if (minutes % 60 !== 0) return `${plural(Math.floor(minutes / 60), 'hour')} and ${plural(minutes % 60, 'minute')}`;
  const hours = minutes / 60;
  if (hours <= 24 || hours % 24 !== 0) return plural(hours, 'hour');
  return plural(hours / 24, 'day');
}

/** One block of a mail: a paragraph, a code shown large, or a link. */
type Block = { p: string } | { code: string } | { link: string; label: string };

function render(brand: MailBrand, blocks: Block[]): { text: string; html: string } {
  const footer = `${brand.brandName} · ${brand.siteUrl}`;
  const text = [
    ...blocks.map((block) => ('p' in block ? block.p : 'code' in block ? `    ${block.code}` : `${block.label}: ${block.link}`)),
    '',
    `-- ${footer}`,
  ].join('\n\n');
  const body = blocks
    .map((block) =>
      'p' in block
        ? `<p>${escapeHtml(block.p)}</p>`
        : 'code' in block
          ? `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(block.code)}</p>`
          : `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`,
    )
    .join('\n');
  const html = [
    '<!doctype html>',
    `<html><body style="font-family:sans-serif;line-height:1.5">`,
    `<h1 style="font-size:20px">${escapeHtml(brand.brandName)}</h1>`,
    body,
    `<p style="color:#666;font-size:12px"><a href="${escapeHtml(brand.siteUrl)}">${escapeHtml(footer)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

export function verificationMail(brand: MailBrand, to: string, code: string, activationLink: string, ttlMs: number): Mail {
  const expiry = durationInWords(ttlMs);
  return {
    kind: 'verification',
    to,
    subject: 'Verify your email address',
    code,
    ...render(brand, [
      { p: `Welcome to ${brand.brandName}! Your verification code is:` },
      { code },
      { p: 'Enter it in the Email Verification dialog, or open this link to activate your account:' },
      { link: activationLink, label: 'Activate your account' },
      { p: `The code and the link expire in ${expiry}. If you did not sign up, ignore this mail.` },
    ]),
  };
}

export function passwordResetMail(brand: MailBrand, to: string, code: string, ttlMs: number): Mail {
  const expiry = durationInWords(ttlMs);
  return {
    kind: 'password_reset',
    to,
    subject: 'Your password reset code',
    code,
    ...render(brand, [
      { p: `Your ${brand.brandName} password reset code is:` },
      // Long codes in groups of four are easier to read and type; the dialog ignores the spaces.
      { code: code.length > 6 ? code.replace(/(\d{4})(?=\d)/g, '$1 ') : code },
      { p: `Enter it in the Reset Password dialog on ${brand.siteUrl} within ${expiry}.` },
      { p: 'If you did not ask to reset your password, ignore this mail: your password stays the same.' },
    ]),
  };
}

/** After a change or a reset: tells the owner, so a takeover does not go unnoticed. */
export function passwordChangedMail(brand: MailBrand, to: string, how: 'changed' | 'reset'): Mail {
  return {
    kind: 'password_changed',
    to,
    subject: `Your ${brand.brandName} password was ${how}`,
    code: null,
    ...render(brand, [
      {
        p:
          how === 'changed'
            ? `The password of your ${brand.brandName} account was just changed from your profile.`
            : `The password of your ${brand.brandName} account was just reset with a code sent to this address.`,
      },
      { p: 'Every device signed in before has been signed out.' },
      {
        p: 'If this was not you, reset your password now with "Forgot Password" on the sign-in dialog, and check your mailbox is secure.',
      },
      { link: brand.siteUrl, label: `Open ${brand.brandName}` },
    ]),
  };
}
