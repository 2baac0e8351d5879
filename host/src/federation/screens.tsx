import { loadable, PageSpinner, type Loadable } from 'kit';
import type { RemoteRoute } from 'shared';

// A screen per route and remote attempt (a retry loads it anew), fetched only when its route
// is drawn or a sign-in lands on it (preloaded: it then draws at once); kernel `loadable`, not
// React.lazy, so React does not hold it back after a spinner.
const screens = new Map<string, Loadable<object>>();

/** The screen of `route` for the remote's code of attempt `attempt`: one component, kept across renders. */
export function screenFor(remoteId: string, attempt: number, route: RemoteRoute): Loadable<object> {
  const key = `${remoteId}|${attempt}|${route.path}`;
  let screen = screens.get(key);
  if (!screen) {
    screen = loadable(() => route.lazy().then((module) => module.default), <PageSpinner />);
    screens.set(key, screen);
  }
  return screen;
}
