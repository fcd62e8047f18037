import { lazy } from 'react';

// The shell's own pages, each loaded when visited: a first visit to Home does not pay for them.
// Their stylesheets stay in the shell's own (app-routes.tsx), which the server inlines, so a
// pre-rendered Terms page paints styled. The pre-renderer takes them eagerly
// (prerender/eager-site-pages.ts): the server's HTML has them whole, and the browser hydrates
// them once their chunk is in.
export const TermsPage = lazy(() => import('./terms-page').then((module) => ({ default: module.TermsPage })));
export const NotFoundPage = lazy(() => import('./not-found-page').then((module) => ({ default: module.NotFoundPage })));
export const PrivacyPage = lazy(() => import('./privacy-page').then((module) => ({ default: module.PrivacyPage })));
