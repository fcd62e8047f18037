import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The production-topology suite (npm run test:nginx): nginx in front of two page services and
 * two API instances. The first-visit budget test runs here too, so the budgets hold through
 * nginx as on `npm start`.
 */
export default defineConfig({
  ...base,
  // The topology's https site serves a throw-away self-signed certificate (scripts/lib/certificate.mjs).
  use: { ...base.use, ignoreHTTPSErrors: true },
  testDir: '.',
  testMatch: ['topology/**/*.spec.ts', 'tests/budget.spec.ts'],
  workers: 1,
});
