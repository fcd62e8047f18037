// The one place that says how every browser of the project starts: the Playwright suite, the
// screenshot tools and the home-page benchmark.

/** Debian's Chromium (installed by .ci/run and the e2e runner when missing). */
export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

/** Launch flags this workplace's Chromium needs: headless, no sandbox as root, no background network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
