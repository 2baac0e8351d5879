/**
 * The console's call function of an endpoint, derived from it: its arguments are the path's
 * parameters in order, then the body (when the endpoint has one), then the query (when it has
 * one; optional when every field is). The answer is parsed with the endpoint's reply schema
 * through the kernel's one API client. A body of a `bodyType` (a CSV file) goes as that text.
 */
import type * as v from 'valibot';
import { call, callFile, callWithStatus } from 'shared';
import type { AnyEndpoint, CallArgs, ReplyKindOf } from './endpoint';
import { requestOf } from './request';

/** A call function's answer. */
export type CallResult<E extends AnyEndpoint> =
  ReplyKindOf<E> extends 'status'
    ? { status: number; body: v.InferOutput<E['reply']> }
    : ReplyKindOf<E> extends 'file'
      ? { blob: Blob; fileName: string | undefined }
      : v.InferOutput<E['reply']>;

export type CallOf<E extends AnyEndpoint> = (...args: CallArgs<E>) => Promise<CallResult<E>>;

/** The console's function for an endpoint. */
export function callOf<E extends AnyEndpoint>(endpoint: E): CallOf<E> {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const run = (...args: unknown[]) => {
    const { path, body, query } = requestOf(endpoint, args);
    if (endpoint.replyKind === 'file') return callFile(path, { query, accept: endpoint.fileType ?? 'text/csv' });
    const contentType = endpoint.bodyType;
    if (endpoint.replyKind === 'status') return callWithStatus(method, path, endpoint.reply, { body, query, contentType });
    return call(method, path, endpoint.reply, { body, query, contentType });
  };
  return run as CallOf<E>;
}
