// deploy/nginx.conf treats every steering cookie as this service expects (decision 0046): nginx's
// cache keys it (cohorts) or never keeps it (a visitor's own choice).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STEERING_COOKIES } from './steering-cookies';

const deploy = path.join(__dirname, '..', '..', '..', 'deploy');
const nginx = readFileSync(path.join(deploy, 'nginx.conf'), 'utf8');
const pageCache = readFileSync(path.join(deploy, 'page-cache.conf'), 'utf8');
const directive = (conf: string, name: string) => new RegExp(`^\\s*${name}\\s+([^;{]+)[;{]`, 'm').exec(conf)?.[1] ?? '';

test.each(STEERING_COOKIES)('nginx knows the steering cookie $name ($nginx)', ({ name, nginx: treatment }) => {
  const variable = `$cookie_${name}`;
  // Every page and /config.json reach the page services through page-cache.conf, and only so.
  expect(nginx.match(/proxy_pass http:\/\/page_service;\n\s*include \/etc\/portal\/page-cache\.conf;/g)).toHaveLength(3);
  if (treatment === 'cache-key') expect(directive(pageCache, 'proxy_cache_key')).toContain(variable);
  else {
    expect(directive(pageCache, 'proxy_cache_bypass')).toContain(variable);
    expect(directive(pageCache, 'proxy_no_cache')).toContain(variable);
  }
});
