// The account API's settings in the topology: production mode, as deployed (docs/settings.md):
// no dev outbox (mail goes over SMTP to the topology's sink), the production scrypt cost, the
// https site as its origin. The link checker stays off: this machine reaches no game host, and a
// checker that cannot reach them would hide every game within three rounds.

/**
 * @param {{ smtpUrl: string | undefined, siteUrl: string, corsOrigins: string[] }} options
 * @returns {Record<string, string>}
 */
export function productionApiEnv({ smtpUrl, siteUrl, corsOrigins }) {
  if (!smtpUrl) throw new Error('the topology starts its SMTP sink before any API instance');
  return {
    NODE_ENV: 'production',
    DEV_OUTBOX: '0',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'PlayVerse <no-reply@localhost>',
    // Production refuses anything lower; a caller's test value must not reach it.
    PASSWORD_HASH_COST: '17',
    TRUST_PROXY_HOPS: '1',
    // The https site, and the plain-http listener the browser tests use (cross-origin to /api/ on https).
    CORS_ORIGINS: corsOrigins.join(','),
    SITE_URL: siteUrl,
    GAME_CHECKS: '0',
    LOG_LEVEL: 'warn',
  };
}
