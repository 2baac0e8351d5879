/**
 * A list's filter, sort and page, kept in the URL's query string (STYLE.md: list state lives
 * in the URL), so Back, reload and a shared link restore the list. Values equal to their
 * default stay out of the URL; a value the URL gets wrong (a typo in a shared link) reads as
 * the default rather than breaking the screen.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** How one query parameter reads and writes. */
export interface UrlParam<V> {
  defaultValue: V;
  parse(raw: string): V | undefined;
  format(value: V): string;
}

export const urlParam = {
  string: (defaultValue = ''): UrlParam<string> => ({ defaultValue, parse: (raw) => raw, format: String }),
  /** A whole number ≥ 0 (a page index, an id). */
  number: (defaultValue = 0): UrlParam<number> => ({ defaultValue, parse: (raw) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined), format: String }),
  /** A whole number, or null when absent (an optional licence). */
  optionalNumber: (): UrlParam<number | null> => ({
    defaultValue: null,
    parse: (raw) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined),
    format: (value) => String(value ?? ''),
  }),
  boolean: (defaultValue = false): UrlParam<boolean> => ({
    defaultValue,
    parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
    format: String,
  }),
  oneOf: <V extends string>(values: readonly V[], defaultValue: V): UrlParam<V> => ({
    defaultValue,
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : undefined),
    format: String,
  }),
};

type Values<S extends Record<string, UrlParam<unknown>>> = { [K in keyof S]: S[K]['defaultValue'] };

export interface SetUrlStateOptions {
  /** Replace the history entry instead of adding one (typing in a search box). */
  replace?: boolean;
}

export function useUrlState<S extends Record<string, UrlParam<unknown>>>(
  spec: S,
): [Values<S>, (patch: Partial<Values<S>>, options?: SetUrlStateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const values = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const [name, param] of Object.entries(spec)) {
      const raw = params.get(name);
      out[name] = raw === null ? param.defaultValue : (param.parse(raw) ?? param.defaultValue);
    }
    return out as Values<S>;
    // The parsed values change only when the query string does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // The router computes a change from the query string this render saw: two changes made before
  // the page draws again (a search written 250 ms after typing, then a filter chosen) would each
  // start from it, and the second would undo the first. So the patches sent since this render's
  // query string are kept, and each change applies them all again.
  const unsent = useRef<{ key: string; patches: Partial<Values<S>>[] }>({ key, patches: [] });
  const set = useCallback(
    (patch: Partial<Values<S>>, options: SetUrlStateOptions = {}) => {
      const patches = [...(unsent.current.key === key ? unsent.current.patches : []), patch];
      unsent.current = { key, patches };
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of patches.flatMap((one) => Object.entries(one))) {
            const param = spec[name];
            // A patch names what changes: a key given as undefined changes nothing.
            if (!param || value === undefined) continue;
            const text = param.format(value);
            if (value === param.defaultValue || text === '') next.delete(name);
            else next.set(name, text);
          }
          return next;
        },
        { replace: options.replace },
      );
    },
    [key, setParams, spec],
  );
  return [values, set];
}
