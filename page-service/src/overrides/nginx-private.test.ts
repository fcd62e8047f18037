// A steering cookie whose answers are private (steering-cookies.ts, `nginx: 'no-cache'`) must keep
// nginx from answering with a page file or a cached copy, and from keeping what it gets
// (deploy/nginx.conf and page-cache.conf): otherwise a preview's visitor gets everyone's page, or
// everyone gets theirs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STEERING_COOKIES } from '../releases/steering-cookies';

const deploy = path.join(__dirname, '..', '..', '..', 'deploy');
const conf = readFileSync(path.join(deploy, 'nginx.conf'), 'utf8');
const pageCache = readFileSync(path.join(deploy, 'page-cache.conf'), 'utf8');

test.each(STEERING_COOKIES.filter((cookie) => cookie.nginx === 'no-cache').map((cookie) => cookie.name))(
  'a request carrying %s is never a page file, never from or into the cache',
  (name) => {
    const privateMap = new RegExp(`map \\$cookie_${name} \\$portal_private \\{\\s*"" "";\\s*default 1;\\s*\\}`);
    expect(conf).toMatch(privateMap);
    expect(conf).toMatch(/map "\$args\|\$portal_private" \$portal_page_file \{\s*"\|" "\/\$scheme\/\$http_host\$uri\.html";\s*default "\/\.no-file";/);
    expect(pageCache).toMatch(/^proxy_cache_bypass \$portal_private;$/m);
    expect(pageCache).toMatch(/^proxy_no_cache \$portal_private;$/m);
  },
);
