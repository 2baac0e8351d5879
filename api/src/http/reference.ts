/**
 * The API reference integrators can try: Swagger UI (swagger-ui-dist, bundled with the server
 * and served from it under /api/docs/… — nothing from another host) on this server's OpenAPI
 * document, with the document's API key scheme in its Authorize box and each operation's code
 * samples (`x-codeSamples`: curl and TypeScript, made from the route definitions in
 * openapi.ts). Its start is a script file of ours (the CSP allows no inline script and no
 * eval); its own stylesheet makes it fit a phone and pass the accessibility checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { html } from 'hono/html';

/** The tab's icon, inline: the page asks this server for nothing else than its files. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect " +
  "width='32' height='32' rx='8' fill='%231d4ed8'/%3E%3Ctext x='16' y='20.5' font-family='sans-serif' " +
  "font-size='11' font-weight='700' fill='white' text-anchor='middle'%3EAPI%3C/text%3E%3C/svg%3E";

/** The reference page: our header, the renderer's mount point, its files. */
export function referencePage(doc: {
  info: { title: string; version: string; license: { name: string }; contact: { name: string; url: string } };
  servers: { url: string }[];
}) {
  const info = { ...doc.info, serverUrl: doc.servers[0]?.url ?? '' };
  return html`<!doctype html>
    <html lang="en-US">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${info.title} — reference</title>
        <link rel="icon" href="${FAVICON}" />
        <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
        <link rel="stylesheet" href="/api/docs/reference.css" />
      </head>
      <body>
        <a class="skip" href="#reference">Skip to the reference</a>
        <header class="page-header">
          <h1>${info.title} <small>v${info.version}</small></h1>
          <p>Every call the console makes, with who may make it, its answers and code samples.</p>
          <h2>Trying a call</h2>
          <p>
            <strong>Authorize</strong> with an API key (made by a licence administrator under API Keys in the console; paste the key, the page sends
            <code>Authorization: ApiKey &lt;key&gt;</code>), open a call, <strong>Try it out</strong>, <strong>Execute</strong>. The calls go to this server
            (<code>${info.serverUrl}</code>) and act on its data with the key’s roles. The document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI
            3.1; operation ids are the method names a generated client gets).
          </p>
          <noscript
            ><p>The reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript
          >
        </header>
        <div id="reference" tabindex="-1"><div id="swagger-ui"></div></div>
        <footer class="page-footer">
          <h2 id="terms">Terms</h2>
          <p>
            ${info.license.name}. Customers of the platform may call this API for their own licence, with credentials made for them (a user’s session or an API
            key from the console); an API key is a secret of its licence and is revoked by turning it inactive. Questions:
            <a href="${info.contact.url}">${info.contact.name}</a>.
          </p>
        </footer>
        <script src="/api/docs/swagger-ui-bundle.js"></script>
        <script src="/api/docs/reference.js"></script>
      </body>
    </html>`;
}

/**
 * The page's start: Swagger UI on the document, with a plugin that shows each operation's
 * `x-codeSamples` under its parameters, and a request interceptor that turns a bare key typed
 * in the Authorize box into `ApiKey <key>`.
 */
const START = `/* The API reference's start (api/src/http/reference.ts). */
(function () {
  'use strict';
  function CodeSamplesPlugin(system) {
    var h = system.React.createElement;
    function samples(operation) {
      var list = operation && operation.get && operation.get('x-codeSamples');
      if (!list || !list.size) return null;
      return h('section', { className: 'code-samples', 'aria-label': 'Code samples' },
        h('h4', { className: 'code-samples-title' }, 'Code samples'),
        list.toJS().map(function (sample, i) {
          return h('div', { key: i, className: 'code-sample' },
            h('h5', null, sample.label || sample.lang),
            h('pre', { tabIndex: 0, 'aria-label': (sample.label || sample.lang) + ' sample' }, h('code', null, sample.source)));
        }));
    }
    return {
      wrapComponents: {
        parameters: function (Original) {
          return function (props) {
            return h('div', null, h(Original, props), samples(props.operation));
          };
        },
        // The page's header says what the document's info says.
        InfoContainer: function () {
          return function () {
            return null;
          };
        },
        ServersContainer: function (Original) {
          return function (props) {
            return h('section', { 'aria-label': 'Server' }, h(Original, props));
          };
        },
        operations: function (Original) {
          return function (props) {
            return h('div', null, h('h3', { className: 'calls-title' }, 'Calls by area'), h(Original, props));
          };
        },
        // A path shown as text: inside the operation's button, a link would be a control in a control.
        DeepLink: function () {
          return function (props) {
            return h('span', null, props.text);
          };
        }
      }
    };
  }

  // Swagger UI draws selects without a label and code that scrolls without being focusable:
  // each gets its name (the server, the parameter's) and a tab stop as it appears.
  function label(root) {
    root.querySelectorAll('select:not([aria-label])').forEach(function (select) {
      var row = select.closest('tr[data-param-name]');
      var name = select.id === 'servers' ? 'Server' : row ? row.getAttribute('data-param-name') + ' (' + row.getAttribute('data-param-in') + ')' : null;
      if (name) select.setAttribute('aria-label', name);
    });
    root.querySelectorAll('pre:not([tabindex])').forEach(function (pre) {
      pre.setAttribute('tabindex', '0');
    });
    // The Authorize box is a dialog named by its heading, closed by a named button.
    root.querySelectorAll('.dialog-ux .modal-ux:not([role])').forEach(function (modal) {
      var heading = modal.querySelector('.modal-ux-header h3');
      if (heading && !heading.id) heading.id = 'authorize-title';
      modal.setAttribute('role', 'dialog');
      modal.setAttribute('aria-modal', 'true');
      if (heading) modal.setAttribute('aria-labelledby', heading.id);
    });
    root.querySelectorAll('.modal-ux-header button.close-modal:not([aria-label])').forEach(function (button) {
      button.setAttribute('aria-label', 'Close');
    });
    // A scheme's 'Authorized' (h6 under the scheme's h4) is its next level; the Authorize and Logout buttons' names begin with what they show.
    root.querySelectorAll('.auth-container h6:not([aria-level])').forEach(function (heading) {
      heading.setAttribute('role', 'heading');
      heading.setAttribute('aria-level', '5');
    });
    root.querySelectorAll('button[aria-label="Apply credentials"]').forEach(function (button) {
      button.setAttribute('aria-label', 'Authorize: apply the credentials');
    });
    root.querySelectorAll('button[aria-label="Remove authorization"]').forEach(function (button) {
      button.setAttribute('aria-label', 'Logout: remove the authorization');
    });
  }
  new MutationObserver(function () {
    label(document);
  }).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    displayOperationId: true,
    defaultModelsExpandDepth: -1,
    docExpansion: 'list',
    filter: false,
    tryItOutEnabled: false,
    persistAuthorization: false,
    // Nothing from another host: no online validator badge.
    validatorUrl: null,
    syntaxHighlight: false,
    plugins: [CodeSamplesPlugin],
    requestInterceptor: function (request) {
      var auth = request.headers && request.headers.Authorization;
      if (auth && !/^(ApiKey|Bearer) /i.test(auth)) request.headers.Authorization = 'ApiKey ' + auth.trim();
      return request;
    }
  });
})();
`;

/**
 * What the page adds to Swagger UI's styles: the header, a skip link, contrast that passes
 * WCAG AA, and a layout that fits 390 px (long paths wrap; wide tables and code scroll in
 * their own box).
 */
const STYLES = `/* The API reference's styles beside Swagger UI's (api/src/http/reference.ts). */
body { margin: 0; font-family: system-ui, sans-serif; color: #0f172a; background: #fff; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; z-index: 2; }
.page-header { background: #0f172a; color: #fff; padding: 1.25rem 2rem; line-height: 1.45; }
.page-header h1 { margin: 0; font-size: 1.6rem; }
.page-header small { font-weight: 400; font-size: 1rem; }
.page-header p { margin: .5rem 0 0; max-width: 62rem; }
.page-header h2 { margin: 1rem 0 0; font-size: 1.1rem; }
.page-header a, .page-header code { color: #bfdbfe; }
#reference:focus { outline: none; }
.swagger-ui .info { margin: 1.5rem 0; }
.swagger-ui .info .title small pre, .swagger-ui .info .title small.version-stamp { background: #334155; }
.swagger-ui .info .title small.version-stamp pre, .swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .info .title small { background: #334155; }
.swagger-ui .opblock-tag { color: #0f172a; }
.swagger-ui .opblock .opblock-summary-operation-id, .swagger-ui .opblock .opblock-summary-path, .swagger-ui .opblock .opblock-summary-path__deprecated { color: #0f172a; word-break: break-word; }
.swagger-ui .opblock .opblock-summary-description { color: #1e293b; }
.swagger-ui .opblock-description-wrapper p, .swagger-ui .opblock-external-docs-wrapper p, .swagger-ui .opblock-title_normal p, .swagger-ui .response-col_description, .swagger-ui .parameter__in, .swagger-ui .parameter__type, .swagger-ui .prop-format { color: #1e293b; }
.swagger-ui .parameter__name.required span, .swagger-ui .parameter__name.required:after { color: #b91c1c; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0369a1; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #15803d; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #b45309; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #7c3aed; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
.swagger-ui .btn.authorize { color: #15803d; border-color: #15803d; }
.swagger-ui .btn.authorize svg { fill: #15803d; }
/* No colour transitions: a button redrawn after Execute faded in from Swagger UI's lighter blue, and an
   accessibility check reading it mid-fade found too little contrast (run Q). */
.swagger-ui .btn { transition: none; }
.swagger-ui .btn.execute { background-color: #1d4ed8; border-color: #1d4ed8; color: #fff; }
.swagger-ui .btn.try-out__btn { color: #0f172a; border-color: #334155; }
.swagger-ui .btn.try-out__btn.cancel { color: #b91c1c; border-color: #b91c1c; }
.swagger-ui .download-contents { background: #334155; color: #fff; }
.swagger-ui .response-col_status, .swagger-ui table thead tr td, .swagger-ui table thead tr th { color: #0f172a; }
.swagger-ui .model-title, .swagger-ui .model { color: #1e293b; }
.swagger-ui .renderedMarkdown code, .swagger-ui .markdown code { color: #6d28d9; background: #f5f3ff; }
.swagger-ui .scheme-container { box-shadow: none; border-bottom: 1px solid #e2e8f0; }
.page-footer { border-top: 1px solid #e2e8f0; padding: 1rem 2rem 3rem; max-width: 62rem; line-height: 1.45; }
.page-footer h2 { font-size: 1.2rem; }
.page-footer a { color: #1d4ed8; }
.calls-title { font-size: 1.3rem; margin: 1.5rem 0 .5rem; color: #0f172a; }
.code-samples { padding: .5rem 20px 1rem; }
.code-samples-title { margin: .5rem 0; font-size: 14px; }
.code-sample h5 { margin: .75rem 0 .25rem; font-size: 13px; color: #0f172a; }
.code-sample pre { margin: 0; padding: .75rem; border-radius: 4px; background: #0f172a; color: #f8fafc; overflow: auto; font-size: 12px; white-space: pre; }
@media (max-width: 50rem) {
  .page-header, .page-footer { padding-left: 1rem; padding-right: 1rem; }
  .swagger-ui .wrapper { padding: 0 .5rem; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-control { flex-wrap: wrap; min-width: 0; }
  .swagger-ui .opblock .opblock-summary-path { max-width: 100%; flex-shrink: 1; }
  .swagger-ui .opblock-body, .swagger-ui .table-container, .swagger-ui .responses-inner { overflow-x: auto; }
  .swagger-ui .parameters-col_description { width: auto; }
  .swagger-ui .dialog-ux .modal-ux { width: 95%; min-width: 0; }
  .swagger-ui .auth-container input[type=text], .swagger-ui .auth-container input[type=password] { min-width: 0; width: 100%; }
}
`;

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The page's files, by the name under /api/docs/: Swagger UI's (read once) and ours. */
const FILES: Record<string, { type: string; body: () => string }> = {
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: () => fs.readFileSync(path.join(swaggerDir, 'swagger-ui-bundle.js'), 'utf8') },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => fs.readFileSync(path.join(swaggerDir, 'swagger-ui.css'), 'utf8') },
  'reference.js': { type: 'text/javascript; charset=utf-8', body: () => START },
  'reference.css': { type: 'text/css; charset=utf-8', body: () => STYLES },
};

const cache = new Map<string, string>();

/** One of the page's files, or undefined for any other name. */
export function referenceFile(name: string): { type: string; body: string } | undefined {
  const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!file) return undefined;
  if (!cache.has(name)) cache.set(name, file.body());
  return { type: file.type, body: cache.get(name)! };
}

/** The names `referenceFile` serves (the route's documentation lists them). */
export const REFERENCE_FILES = Object.keys(FILES);
