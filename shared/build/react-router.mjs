/**
 * The router every app of the console shares: react-router, one federation singleton, provided
 * as this list of its exports rather than the whole package, so that webpack drops the rest
 * (the server, streaming and framework parts; about 28 KB gzip less on the login page).
 * Import these from 'react-router' as usual; a name not listed here fails `npm run lint`
 * (eslint.config.mjs reads this list). Adding a name adds to the kernel: a minor version of
 * `shared`, so a remote that uses it is refused by an older host.
 */
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createBrowserRouter,
  generatePath,
  matchPath,
  useBlocker,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRouteError,
  useSearchParams,
} from 'react-router-package';
// The DOM router provider (react-dom's flushSync), as react-router-dom exports it.
export { RouterProvider } from 'react-router/dom';
