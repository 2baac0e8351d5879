import { useEffect, useState } from 'react';

/** `value`, updated only once it has stayed unchanged for `ms` milliseconds (e.g. a search box). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
