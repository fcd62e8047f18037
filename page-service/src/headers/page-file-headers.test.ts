import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from 'shared-contracts';
import { SHARED_PAGE_CACHE } from '../assets/cache-control';
import { HEADER_ONLY_DIRECTIVES, PAGE_FILE_PERMISSIONS_POLICY, pageSecurityHeaders, policyMetaContent } from './security-headers';

// nginx sends the pages the page services keep as files with headers of its own: they must be
// the ones this service sends with the same pages.
const conf = readFileSync(path.join(__dirname, '..', '..', '..', 'deploy', 'nginx.conf'), 'utf8');
const block = /location @page \{([\s\S]*?)\n {4}\}/.exec(conf)?.[1] ?? '';
const header = (name: string) => {
  const match = new RegExp(`add_header ${name} (?:"([^"]*)"|'([^']*)'|(\\S+)) always;`).exec(block);
  return match?.[1] ?? match?.[2] ?? match?.[3];
};

describe("nginx's headers for page files", () => {
  const brand = { id: 'default', name: 'Games', logo: '/logo.svg', title: 'Games', favicon: '/favicon.svg' };
  const config: RuntimeConfig = {
    remotes: { mf_catalog: 'http://localhost:3001/mf-manifest.json' } as RuntimeConfig['remotes'],
    brands: [],
    defaultBrand: brand as RuntimeConfig['defaultBrand'],
    accountApiUrl: 'http://localhost:8000',
    recaptchaSiteKey: '',
  };
  const served = pageSecurityHeaders(config, { https: false, scriptHashes: [] });

  test('are the headers the page service sends with the same pages', () => {
    expect(block).toContain('try_files $portal_page_file @render;');
    expect(block).toContain('default_type text/html;');
    expect(header('Permissions-Policy')).toBe(PAGE_FILE_PERMISSIONS_POLICY);
    expect(header('Permissions-Policy')).toBe(served['Permissions-Policy']);
    expect(header('Cache-Control')).toBe(SHARED_PAGE_CACHE);
    for (const name of ['Cross-Origin-Opener-Policy', 'X-Frame-Options', 'Referrer-Policy', 'X-Content-Type-Options'])
      expect([name, header(name)]).toEqual([name, served[name]]);
  });

  test('carry what a meta tag cannot, and the document carries the rest of its CSP', () => {
    expect(header('Content-Security-Policy')).toBe(HEADER_ONLY_DIRECTIVES.join('; '));
    const meta = policyMetaContent(served['Content-Security-Policy']);
    // Header and meta together: the whole policy, each directive once.
    expect([...meta.split('; '), ...HEADER_ONLY_DIRECTIVES].sort()).toEqual(served['Content-Security-Policy'].split('; ').sort());
    expect(meta).toContain("script-src 'self'");
    expect(meta).toContain("object-src 'none'");
    expect(meta).not.toContain('frame-ancestors');
  });
});
