import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { edgeNginxConf } from './edge-config.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shipped = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');

test("the edge image's nginx.conf is deploy/nginx.conf with a container's ports, logs and upstreams", () => {
  const conf = edgeNginxConf(shipped);
  assert.match(conf, /listen 8443 ssl http2;/);
  assert.match(conf, /listen 8080;/);
  // Nothing is read from a folder another process writes: pages and the fallback come from the cache.
  assert.doesNotMatch(conf, /\/srv\/portal\/(shared|pages|fallback)/);
  assert.doesNotMatch(conf, /listen 443 |listen 80;|\/var\/log\/nginx|\/run\/|server 127\.0\.0\.1:/);
  assert.match(conf, /upstream page_service \{\n {4}# portal:page-service-upstreams\n/);
  assert.match(conf, /upstream account_api \{\n {4}# portal:account-api-upstreams\n/);
  // Everything else is the shipped file's: its headers and caching among them.
  assert.equal(conf.match(/add_header /g)?.length, shipped.match(/add_header /g)?.length);
});

test('text it relies on that is gone from deploy/nginx.conf fails loudly', () => {
  assert.throws(() => edgeNginxConf(shipped.replace('listen 443 ssl http2;', 'listen 443 ssl;')), /listen 443 ssl http2/);
  assert.throws(() => edgeNginxConf(shipped.replace(/upstream account_api \{\n[^}]*\}/, '')), /upstream account_api/);
});
