// deploy/nginx.conf treats every steering cookie as this service expects (decision 0046): a
// request carrying one is never answered from a page file, and nginx's cache keys it (cohorts)
// or never keeps it (a visitor's own choice).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STEERING_COOKIES } from './steering-cookies';

const deploy = path.join(__dirname, '..', '..', '..', 'deploy');
const nginx = readFileSync(path.join(deploy, 'nginx.conf'), 'utf8');
const pageCache = readFileSync(path.join(deploy, 'page-cache.conf'), 'utf8');
const directive = (conf: string, name: string) => new RegExp(`^\\s*${name}\\s+([^;{]+)[;{]`, 'm').exec(conf)?.[1] ?? '';

test.each(STEERING_COOKIES)('nginx knows the steering cookie $name ($nginx)', ({ name, nginx: treatment }) => {
  const variable = `$cookie_${name}`;
  // The page-file map's source: a request with the cookie gets a name that never exists.
  const pageFileMap = /map\s+"([^"]+)"\s+\$portal_page_file\s*\{\s*"([^"]*)"/.exec(nginx);
  expect(pageFileMap?.[1]).toContain(variable);
  if (treatment === 'cache-key') expect(directive(pageCache, 'proxy_cache_key')).toContain(variable);
  else {
    expect(directive(pageCache, 'proxy_cache_bypass')).toContain(variable);
    expect(directive(pageCache, 'proxy_no_cache')).toContain(variable);
  }
});

test.each(['portal_page_file', 'portal_new_visitor'])(
  'the %s map matches only when the query and every steering cookie are empty',
  (variable) => {
    const map = new RegExp(`map\\s+"([^"]+)"\\s+\\$${variable}\\s*\\{\\s*"([^"]*)"`).exec(nginx);
    const source = map?.[1] ?? '';
    expect(map?.[2]).toBe(source.replace(/\$[a-z_]+/g, ''));
    expect(source.split('|')).toEqual(['$args', ...STEERING_COOKIES.map(({ name }) => `$cookie_${name}`)]);
  },
);
