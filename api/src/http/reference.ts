/** A readable API reference page, rendered on the server from the OpenAPI document. */
import { html, raw } from 'hono/html';
import type { openApiDocument } from './openapi';

type Doc = ReturnType<typeof openApiDocument>;
type Operation = {
  tags: string[];
  summary: string;
  description: string;
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: unknown } } }>;
};

const METHOD_COLOURS: Record<string, string> = { get: '#0369a1', post: '#15803d', put: '#b45309', patch: '#7c3aed', delete: '#b91c1c' };

const json = (value: unknown) => JSON.stringify(value, null, 2);

const markdownish = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\n\n/g, '<br />');

export function referencePage(doc: Doc) {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  const tags = [...byTag.keys()].sort();
  return html`<!doctype html>
    <html lang="en-US">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${doc.info.title} — reference</title>
        <style>
          body { font-family: system-ui, sans-serif; margin: 0; color: #0f172a; background: #f8fafc; }
          header { background: #0f172a; color: white; padding: 1.25rem 2rem; }
          header a { color: #93c5fd; }
          nav { position: fixed; top: 5.5rem; left: 0; width: 14rem; padding: 0 1rem; }
          nav a { display: block; padding: .25rem 0; color: #1e3a8a; text-decoration: none; }
          main { margin-left: 16rem; padding: 1rem 2rem 4rem; max-width: 60rem; }
          details { background: white; border: 1px solid #e2e8f0; border-radius: 8px; margin: .5rem 0; }
          summary { padding: .6rem .8rem; cursor: pointer; display: flex; gap: .75rem; align-items: baseline; }
          .method { font-weight: 700; text-transform: uppercase; font-size: .75rem; color: white; border-radius: 4px; padding: .15rem .4rem; min-width: 3.5rem; text-align: center; }
          .path { font-family: ui-monospace, monospace; }
          .body { padding: 0 1rem 1rem; }
          pre { background: #f1f5f9; padding: .75rem; border-radius: 6px; overflow: auto; font-size: .8rem; }
          table { border-collapse: collapse; } td, th { text-align: left; padding: .2rem .75rem .2rem 0; vertical-align: top; }
        </style>
      </head>
      <body>
        <header>
          <h1 style="margin:0">${doc.info.title} <small style="font-weight:400">v${doc.info.version}</small></h1>
          <p style="margin:.25rem 0 0">${raw(markdownish(doc.info.description))} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
        </header>
        <nav>${tags.map((tag) => html`<a href="#${tag}">${tag} (${byTag.get(tag)!.length})</a>`)}</nav>
        <main>
          ${tags.map(
            (tag) => html`<h2 id="${tag}">${tag}</h2>
              ${byTag.get(tag)!.map(
                ({ method, path, op }) => html`<details>
                  <summary>
                    <span class="method" style="background:${METHOD_COLOURS[method] ?? '#334155'}">${method}</span>
                    <span class="path">${path}</span><span>${op.summary}</span>
                  </summary>
                  <div class="body">
                    <p>${raw(markdownish(op.description))}</p>
                    ${op.parameters?.length
                      ? html`<h4>Parameters</h4>
                          <table>
                            ${op.parameters.map((p) => html`<tr><td><code>${p.name}</code></td><td>${p.in}${p.required ? ', required' : ''}</td></tr>`)}
                          </table>`
                      : ''}
                    ${op.requestBody ? html`<h4>Body</h4><pre>${json(op.requestBody.content['application/json'].schema)}</pre>` : ''}
                    <h4>Answers</h4>
                    <table>
                      ${Object.entries(op.responses).map(([code, r]) => html`<tr><td><strong>${code}</strong></td><td>${raw(markdownish(r.description))}</td></tr>`)}
                    </table>
                    ${Object.entries(op.responses)
                      .filter(([code, r]) => Number(code) < 400 && r.content)
                      .map(([, r]) => html`<pre>${json(r.content!['application/json'].schema)}</pre>`)}
                  </div>
                </details>`,
              )}`,
          )}
        </main>
      </body>
    </html>`;
}
