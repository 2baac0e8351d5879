/**
 * The metrics on a listener of their own (METRICS_PORT, bound to METRICS_HOST), so the public
 * port never serves them: `GET /metrics`, with `Authorization: Bearer <METRICS_TOKEN>` when a
 * token is set too. Anything else answers 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { Metrics } from './metrics';

export interface MetricsListener {
  /** `host:port` it listens on. */
  address: string;
  close(): Promise<void>;
}

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

export async function listenForMetrics(metrics: Metrics, options: { port: number; host: string; token: string | undefined }): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
      res.end(body);
    };
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return answer(404, JSON.stringify({ Message: 'Not found.' }));
    const given = /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (options.token && !sameSecret(given, options.token)) {
      return answer(401, JSON.stringify({ Message: 'The metrics need Authorization: Bearer <METRICS_TOKEN>.' }), {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    metrics.text().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => answer(500, JSON.stringify({ Message: 'The metrics could not be collected.' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    address: `${options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
