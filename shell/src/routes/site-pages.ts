import { lazy, type ComponentType } from 'react';
import type { ShellPageName } from '@portal/shared-contracts';

// The shell's own pages, each loaded when visited: a first visit to Home does not pay for them.
// Their stylesheets stay in the shell's own (app-routes.tsx), which the server inlines, so a
// pre-rendered Terms page paints styled. The pre-renderer takes them eagerly
// (prerender/eager-site-pages.ts): the server's HTML has them whole, and the browser hydrates
// them once their chunk is in.
export const NotFoundPage = lazy(() => import('./not-found-page').then((module) => ({ default: module.NotFoundPage })));

/** Each shell page of shared-contracts' PAGES, under the name its entry gives. */
export const SHELL_PAGES: Record<ShellPageName, ComponentType> = {
  TermsPage: lazy(() => import('./terms-page').then((module) => ({ default: module.TermsPage }))),
  PrivacyPage: lazy(() => import('./privacy-page').then((module) => ({ default: module.PrivacyPage }))),
};
