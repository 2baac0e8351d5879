/** Health (the console's health page calls it), the OpenAPI document and reference page, and the demo outbox: the definitions (system.handlers.ts does them). */
import * as v from 'valibot';
import { hostEndpoints } from 'contracts/auth/model';
import { apiRoute, publicAccess, route } from '../../http/route';
import { noLicense } from '../../http/licence-scope';

export const systemSpecs = {
  getHealth: route(hostEndpoints.getHealth, {
    scope: noLicense('the server’s own state'),
    response: v.object({ status: v.literal('ok'), version: v.string(), database: v.picklist(['pglite', 'postgres']) }),
    answers: { 503: 'the database does not answer' },
  }),

  openApiDocument: apiRoute({
    scope: noLicense('the API’s own description'),
    method: 'GET',
    path: 'openapi.json',
    area: 'system',
    summary: 'This API’s OpenAPI 3.1 document, generated from the route definitions.',
    access: publicAccess('Documentation of the public contract; holds no data.'),
    response: v.looseObject({ openapi: v.string(), info: v.looseObject({ title: v.string(), version: v.string() }), paths: v.record(v.string(), v.unknown()) }),
  }),

  referencePage: apiRoute({
    scope: noLicense('the API’s own description'),
    method: 'GET',
    path: 'docs',
    area: 'system',
    summary: 'A readable API reference page.',
    access: publicAccess('Documentation of the public contract; holds no data.'),
    produces: 'text/html',
  }),

  outbox: apiRoute({
    scope: noLicense('the demo’s outbox, read with its key or by a super administrator'),
    method: 'GET',
    path: 'dev/outbox',
    area: 'system',
    summary: 'Mail the demo server would have sent, newest last: with the outbox key that `npm start` prints, or as a super administrator.',
    description:
      'Exists only in the demo (DEMO=true) without SMTP. The key goes in `X-Outbox-Key` or `?key=`. Without the key or a super administrator’s session, and in production, it answers 404: mail holds reset links and sign-in codes.',
    access: publicAccess('Demo only, and only with the outbox key printed at start or a super administrator’s session: anyone else gets 404.'),
    query: v.object({ to: v.optional(v.pipe(v.string(), v.maxLength(320))), key: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
    response: v.array(v.object({ id: v.number(), to: v.string(), subject: v.string(), text: v.string(), sentAt: v.string() })),
  }),
};
