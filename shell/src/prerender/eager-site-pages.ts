// Stands in for ../routes/site-pages.ts when pages are pre-rendered in Node: the same pages,
// loaded at once, so the server's HTML carries them whole.
export { NotFoundPage } from '../routes/not-found-page';
export { TermsPage } from '../routes/terms-page';
export { PrivacyPage } from '../routes/privacy-page';
