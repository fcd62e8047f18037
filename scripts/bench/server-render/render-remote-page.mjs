// The spike's render of a remote's page in the page service (decision 0069): the component that
// Module Federation loaded from the server remote, under the router at the page's route, as the
// shell mounts it. Whole (renderToString) or streamed (renderToPipeableStream, the component
// behind React.lazy + Suspense as the bridge's createLazyComponent does), for the bench to time.
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';

const require = createRequire(import.meta.url);
const { createElement, lazy, Suspense } = require('react');
const { renderToPipeableStream, renderToString } = require('react-dom/server');
const { Route, Routes, StaticRouter } = require('react-router-dom');

const routed = (path, route, element) =>
  createElement(StaticRouter, { location: path }, createElement(Routes, null, createElement(Route, { path: route, element })));

/** @param {{ path: string, route: string, props: object }} page */
export function renderRemotePage(Component, { path, route, props }) {
  return renderToString(routed(path, route, createElement(Component, props)));
}

/**
 * The page component behind React.lazy, made once per expose as the bridge's createLazyComponent
 * makes it: the first render suspends until Module Federation has loaded it, later ones do not.
 * @param {() => Promise<unknown>} load resolves to the component
 */
export const lazyRemotePage = (load) => lazy(async () => ({ default: /** @type {any} */ (await load()) }));

/**
 * Streams the page with its component from lazyRemotePage. Resolves with the HTML and the times
 * (ms from the call) at which the first bytes and the whole page were ready.
 * @param {{ path: string, route: string, props: object }} page
 */
export function streamRemotePage(Page, { path, route, props }) {
  // Inside the page's main element, as in the shell's document: the boundary's fallback can then
  // be sent ahead of the page's content.
  const element = createElement(
    'main',
    null,
    createElement(Suspense, { fallback: createElement('div', { className: 'placeholder-cards' }) }, createElement(Page, props)),
  );
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const chunks = [];
    let shellReadyMs = 0;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve({ html: Buffer.concat(chunks).toString('utf8'), shellReadyMs, allReadyMs: performance.now() - started });
        done();
      },
    });
    const stream = renderToPipeableStream(routed(path, route, element), {
      onShellReady() {
        shellReadyMs = performance.now() - started;
        stream.pipe(sink);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}
