/**
 * A list's search box whose text lives in the URL (`?q=`): the box shows each key at once,
 * the URL (and so the query) follows 250 ms after the last one and goes back to page 1, and
 * when Back or a link changes the URL's text, the box follows.
 */
import { useEffect, useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * `q` is the URL's search text; `write(q)` puts new text in the URL (replacing the history
 * entry, with the page reset). Answers the box's value and its change handler.
 */
export function useUrlSearch(q: string, write: (q: string) => void, delayMs = 250): [string, (value: string) => void] {
  const [search, setSearch] = useState(q);
  const typed = useDebouncedValue(search.trim(), delayMs);
  useEffect(() => {
    if (typed !== q) write(typed);
    // Only a change of what was typed writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  // Back or a link changed the URL's search: the box follows.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    if (search.trim() !== q) setSearch(q);
  }
  return [search, setSearch];
}
