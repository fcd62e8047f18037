// Stands in for ../routes/site-pages.ts when pages are pre-rendered in Node: the same pages,
// loaded at once, so the server's HTML carries them whole.
import type { ComponentType } from 'react';
import type { ShellPageName } from '@portal/shared-contracts';
import { PrivacyPage } from '../routes/privacy-page';
import { TermsPage } from '../routes/terms-page';

export { NotFoundPage } from '../routes/not-found-page';

export const SHELL_PAGES: Record<ShellPageName, ComponentType> = { TermsPage, PrivacyPage };
