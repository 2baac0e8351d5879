/**
 * A readable API reference page, rendered on the server from the OpenAPI document: every
 * operation with its parameters, body, answers, who may call it and how to authenticate.
 * No script and nothing from another host, so it works under the security headers as is.
 */
import { html, raw } from 'hono/html';
import type { Access } from './route';
import type { openApiDocument } from './openapi';

type Doc = ReturnType<typeof openApiDocument>;
type Schema = Record<string, unknown>;
type Operation = {
  tags: string[];
  summary: string;
  description: string;
  operationId: string;
  security?: Record<string, string[]>[];
  'x-access': Access;
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

const METHOD_COLOURS: Record<string, string> = { get: '#0369a1', post: '#15803d', put: '#b45309', patch: '#7c3aed', delete: '#b91c1c' };

/** The tab's icon, inline: the page asks this server for nothing but itself. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%231d4ed8'/%3E%3Ctext x='16' y='20.5' font-family='sans-serif' font-size='11' font-weight='700' fill='white' text-anchor='middle'%3EAPI%3C/text%3E%3C/svg%3E";

const json = (value: unknown) => JSON.stringify(value, null, 2);

const markdownish = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\n\n/g, '<br />');

/** A parameter's type in a few words: 'integer, 1 to 200, default 25'. */
export function typeText(schema: Schema): string {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.join(', ')}`);
  else parts.push(String(schema.type ?? 'any'));
  if (typeof schema.minimum === 'number' && schema.maximum === 999_999_999) parts.push(`at least ${schema.minimum}`);
  else if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') parts.push(`${schema.minimum} to ${schema.maximum}`);
  if (typeof schema.minLength === 'number' && schema.minLength > 0) parts.push('not empty');
  if (typeof schema.maxLength === 'number') parts.push(`at most ${schema.maxLength} characters`);
  if ('default' in schema && schema.default !== '') parts.push(`default ${String(schema.default)}`);
  return parts.join(', ');
}

/** Who may call an operation, from the route's access. */
function whoText(access: Access) {
  if (access.kind === 'public') return html`Anyone, without signing in: ${access.why}`;
  if (access.kind === 'signedIn') return html`Any signed-in user or API key, within its licence.`;
  return html`A user or API key holding any of ${access.roles.map((role, i) => html`${i ? ', ' : ''}<code class="role">${role}</code>`)}; within its licence.`;
}

/** How to authenticate an operation, from its security requirements. */
function authText(op: Operation, doc: Doc) {
  const security = op.security ?? doc.security;
  if (!security.length) return 'Nothing: a public call.';
  const names = security.flatMap((requirement) => Object.keys(requirement));
  return names.map((name) => (name === 'bearer' ? '`Authorization: Bearer <token>` (a person’s session)' : '`Authorization: ApiKey <key>`')).join(' or ');
}

/** The route's own description, without the access line the document adds for other tools (shown in its own row here). */
const ownDescription = (op: Operation) => op.description.replace(/\n*\*\*Access:\*\*[^\n]*$/, '');

export function referencePage(doc: Doc) {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  const tags = doc.tags.filter((tag) => byTag.has(tag.name));
  return html`<!doctype html>
    <html lang="en-US">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${doc.info.title} — reference</title>
        <link rel="icon" href="${FAVICON}" />
        <style>
          body { font-family: system-ui, sans-serif; margin: 0; color: #0f172a; background: #f8fafc; line-height: 1.45; }
          a { color: #1d4ed8; }
          .skip { position: absolute; left: -999px; }
          .skip:focus { left: 1rem; top: 1rem; background: white; padding: .5rem; z-index: 2; }
          header { background: #0f172a; color: white; padding: 1.25rem 2rem; }
          header a, header code { color: #bfdbfe; }
          nav { position: fixed; top: 0; bottom: 0; left: 0; width: 14rem; padding: 1rem; overflow: auto; border-right: 1px solid #e2e8f0; background: white; box-sizing: border-box; }
          nav a { display: block; padding: .25rem 0; color: #1e3a8a; text-decoration: none; }
          .page { margin-left: 14rem; }
          main { padding: 1rem 2rem 4rem; max-width: 62rem; }
          details { background: white; border: 1px solid #cbd5e1; border-radius: 8px; margin: .5rem 0; }
          summary { padding: .6rem .8rem; cursor: pointer; display: flex; flex-wrap: wrap; gap: .35rem .75rem; align-items: baseline; }
          .method { font-weight: 700; text-transform: uppercase; font-size: .75rem; color: white; border-radius: 4px; padding: .15rem .4rem; min-width: 3.5rem; text-align: center; }
          .path { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
          .body { padding: 0 1rem 1rem; }
          pre { background: #f1f5f9; padding: .75rem; border-radius: 6px; overflow: auto; font-size: .8rem; max-height: 28rem; }
          table { border-collapse: collapse; margin: .25rem 0; }
          td, th { text-align: left; padding: .25rem .75rem .25rem 0; vertical-align: top; }
          th { font-weight: 600; color: #334155; }
          code { overflow-wrap: anywhere; }
          code.role { background: #e0e7ff; color: #1e1b4b; border-radius: 4px; padding: 0 .25rem; }
          h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
          @media (max-width: 50rem) {
            nav { position: static; width: auto; border-right: 0; border-bottom: 1px solid #e2e8f0; }
            nav a { display: inline-block; margin-right: 1rem; }
            .page { margin-left: 0; }
            header, main { padding-left: 1rem; padding-right: 1rem; }
          }
        </style>
      </head>
      <body>
        <a class="skip" href="#content">Skip to the reference</a>
        <nav aria-label="Areas">
          <strong>Areas</strong>
          ${tags.map((tag) => html`<a href="#${tag.name}">${tag.name} (${byTag.get(tag.name)!.length})</a>`)}
          <a href="#terms">Terms</a>
        </nav>
        <div class="page">
          <header>
            <h1 style="margin:0">${doc.info.title} <small style="font-weight:400">v${doc.info.version}</small></h1>
            <p style="margin:.5rem 0 0">${raw(markdownish(doc.info.description))}</p>
            <p style="margin:.5rem 0 0">
              The OpenAPI 3.1 document: <a href="/api/openapi.json">/api/openapi.json</a> (operation ids are the method names a generated client gets). Server:
              <code>${doc.servers[0]?.url}</code>.
            </p>
          </header>
          <main id="content">
            <h2>Authenticating</h2>
            <p>
              A person signs in with <code>POST /api/login</code> and sends <code>Authorization: Bearer &lt;token&gt;</code>. A system uses an API key, made by a licence
              administrator under API Keys in the console and shown once: <code>Authorization: ApiKey &lt;key&gt;</code>. A key acts with exactly its own roles, projects and
              licence. Repeated failures answer 429 with <code>Retry-After</code>.
            </p>
            <h2>Errors</h2>
            <p>Every error is JSON: <code>Message</code> says what went wrong in the words the console shows; invalid input also names each field under <code>errors</code>. Another licence’s entity answers 404, like a missing one.</p>
            <pre tabindex="0">${json(doc.components.schemas.Error)}</pre>
            ${tags.map(
              (tag) => html`<section aria-labelledby="${tag.name}">
                <h2 id="${tag.name}">${tag.name}</h2>
                <p>${tag.description}</p>
                ${byTag.get(tag.name)!.map(
                  ({ method, path, op }) => html`<details id="${op.operationId}">
                    <summary>
                      <span class="method" style="background:${METHOD_COLOURS[method] ?? '#334155'}">${method}</span>
                      <span class="path">${path}</span><span>${op.summary}</span>
                    </summary>
                    <div class="body">
                      ${ownDescription(op) ? html`<p>${raw(markdownish(ownDescription(op)))}</p>` : ''}
                      <table>
                        <tr><th scope="row">Operation id</th><td><code>${op.operationId}</code></td></tr>
                        <tr><th scope="row">Who may call</th><td>${whoText(op['x-access'])}</td></tr>
                        <tr><th scope="row">Authenticate with</th><td>${raw(markdownish(authText(op, doc)))}</td></tr>
                      </table>
                      ${op.parameters?.length
                        ? html`<h3>Parameters</h3>
                            <table>
                              <tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th></tr>
                              ${op.parameters.map(
                                (p) => html`<tr><td><code>${p.name}</code></td><td>${p.in}</td><td>${typeText(p.schema)}</td><td>${p.required ? 'required' : 'optional'}</td></tr>`,
                              )}
                            </table>`
                        : ''}
                      ${Object.entries(op.requestBody?.content ?? {}).map(([type, media]) =>
                        type === 'application/json' ? html`<h3>Body (JSON)</h3><pre tabindex="0">${json(media.schema)}</pre>` : html`<h3>Body</h3><p><code>${type}</code> text (see the description).</p>`,
                      )}
                      <h3>Answers</h3>
                      <table>
                        ${Object.entries(op.responses).map(([code, r]) => html`<tr><td><strong>${code}</strong></td><td>${raw(markdownish(r.description))}</td></tr>`)}
                      </table>
                      ${Object.entries(op.responses)
                        .filter(([code, r]) => Number(code) < 400 && r.content)
                        .map(([code, r]) =>
                          Object.entries(r.content!).map(([type, media]) =>
                            type === 'application/json'
                              ? html`<h3>${code} body</h3><pre tabindex="0">${json(media.schema)}</pre>`
                              : html`<h3>${code} body</h3><p><code>${type}</code></p>`,
                          ),
                        )}
                    </div>
                  </details>`,
                )}
              </section>`,
            )}
            <h2 id="terms">Terms</h2>
            <p>
              ${doc.info.license.name}. Customers of the platform may call this API for their own licence, with credentials made for them (a user’s session or an API key
              from the console); an API key is a secret of its licence and is revoked by turning it inactive. Questions:
              <a href="${doc.info.contact.url}">${doc.info.contact.name}</a>.
            </p>
          </main>
        </div>
      </body>
    </html>`;
}
