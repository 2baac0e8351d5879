/**
 * A NUL character in a path, a query or a JSON body is never a real value, and PostgreSQL
 * refuses it in text (which used to surface as a 500). Every request is checked here, once,
 * before any route, so no route can forget it.
 */
import type { MiddlewareHandler } from 'hono';
import { GenericMessages } from 'contracts/common';

/** Whether any text or key in `value` holds a NUL; walked without recursion, so no depth overflows it. */
const hasNul = (value: unknown): boolean => {
  const stack = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) stack.push(inner);
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
};

/** Whether a raw URL has a NUL, encoded (%00) or not, in its path or query. */
export const urlHasNul = (url: string): boolean => /%00/i.test(url) || url.includes('\u0000');

export function rejectNul(): MiddlewareHandler {
  return async (c, next) => {
    const refuse = () => c.json({ Message: GenericMessages.nulCharacter }, 400);
    if (urlHasNul(c.req.url)) return refuse();
    const type = c.req.header('content-type') ?? '';
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && type.includes('json')) {
      const text = await c.req.text();
      // Only a body that may hold one is parsed here; a body that is not JSON is the route's to refuse.
      if (text.includes('\u0000') || /\\u0000/i.test(text)) {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: the raw text is what is checked.
        }
        if (hasNul(parsed)) return refuse();
      }
    }
    await next();
  };
}
