/**
 * The server process's entry (built as dist/server.js): tracing first, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, so that its instrumentation sees `node:http` and `pg`
 * load; then the server (server.ts), imported only after it.
 */
const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ? await import('./tracing') : undefined;
const { main } = await import('./server');
await main({ beforeExit: tracing?.stopTracing });

export {};
