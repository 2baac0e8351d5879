/**
 * Tracing (OpenTelemetry's Node SDK), loaded by the process's entry (start.ts) before any
 * other module, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set. As OpenTelemetry's ESM
 * guide asks, the instrumentation's loader hook is registered first, so `node:http` and `pg`
 * are patched as the server imports them: each API request is a span named by its route
 * (`GET /api/users/{username}`; app.ts names it), with a child span per database query.
 * Spans go over OTLP/HTTP (JSON) to `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces`; the SDK reads
 * the other standard variables too (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG). Health probes and the metrics scrape are not traced.
 */
import { register } from 'node:module';
import type { IncomingMessage } from 'node:http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';

register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

// Traces only: the metrics are Prometheus' (/api/metrics), the logs are stdout's JSON lines.
process.env.OTEL_METRICS_EXPORTER ??= 'none';
process.env.OTEL_LOGS_EXPORTER ??= 'none';

/** Requests not worth a trace: the probes an orchestrator sends every few seconds, the scrape, the console's files. */
const untraced = (request: IncomingMessage) => {
  const path = (request.url ?? '').split('?')[0]!;
  return !path.startsWith('/api/') || path === '/api/health/live' || path === '/api/health/ready' || path === '/api/metrics';
};

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME?.trim() || 'sitesense-console-api',
  traceExporter: new OTLPTraceExporter(),
  instrumentations: [new HttpInstrumentation({ ignoreIncomingRequestHook: untraced, ignoreOutgoingRequestHook: () => false }), new PgInstrumentation()],
});
sdk.start();

/** Sends the spans still buffered and stops; the server calls it before the process exits. */
export async function stopTracing(): Promise<void> {
  await sdk.shutdown().catch((error: unknown) => console.error('Tracing did not shut down cleanly:', error));
}
