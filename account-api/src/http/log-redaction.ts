/**
 * update-password takes passwords in the query string (product §7), and codes and tokens
 * travel there too; request logs must never show them.
 */
const SECRET_PARAM = /pass|token|code|secret/i;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const secrets = [...new Set(params.keys())].filter((key) => SECRET_PARAM.test(key));
  if (secrets.length === 0) return url;
  for (const key of secrets) params.set(key, '***');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}
