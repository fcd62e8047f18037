import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** The production-topology suite (npm run test:nginx): nginx in front, two API instances behind it. */
export default defineConfig({ ...base, testDir: './topology', workers: 1 });
