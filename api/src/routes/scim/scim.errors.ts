/**
 * SCIM's error answers (RFC 7644 §3.12): under /api/scim/v2 every error — ours, the route
 * registry's (401, 403, a bad query) and the database's (a taken name) — is answered in the
 * SCIM error schema, with `scimType` where the RFC names one, as application/scim+json. Never
 * a 500 for what the caller sent.
 */
import type { Context } from 'hono';
import { ScimSchemas, SCIM_BASE_PATH } from 'contracts/identity/model';
import { HttpError } from '../../http/errors';

/** RFC 7644 §3.12's scimType values we answer. */
export type ScimType =
  'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers' | 'sensitive';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** An error a SCIM handler throws: its status, the RFC's scimType and the detail shown to the directory. */
export const scimError = (status: HttpError['status'], scimType: ScimType | undefined, detail: string) =>
  new HttpError(status, detail, scimType ? { scimType } : {});

/** Whether a request is one of SCIM's. */
export const isScimPath = (path: string) => path === SCIM_BASE_PATH || path.startsWith(`${SCIM_BASE_PATH}/`);

/** The scimType an error of our other code means, by its status, when it names none. */
const DEFAULT_TYPES: Partial<Record<number, ScimType>> = { 409: 'uniqueness' };

/** `error` (an HttpError, or a server error as 500) as SCIM's error body. */
export function scimErrorResponse(c: Context, status: number, detail: string, scimType?: unknown): Response {
  const type = typeof scimType === 'string' ? scimType : DEFAULT_TYPES[status];
  const body = { schemas: [ScimSchemas.error], status: String(status), ...(type ? { scimType: type } : {}), detail };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': SCIM_CONTENT_TYPE } });
}

/** An HttpError thrown anywhere under /api/scim/v2, answered in SCIM's schema. */
export function scimHttpError(c: Context, error: HttpError): Response {
  return scimErrorResponse(c, error.status, error.message, error.extra.scimType);
}
