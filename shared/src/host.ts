/**
 * The host's part of the kernel (`shared/host`): what only the host calls — setting up the API
 * client and the mounts, starting a landing screen's first calls early, keeping the session in step across tabs, the toaster it draws once,
 * and reading remotes' declarations (their paths, nav targets and kernel ranges). The host
 * bundles it beside the kernel it provides: one compilation, so these are the very modules
 * (session store, client, mounts) the provided 'shared' holds, which the remotes take from the
 * share scope.
 *
 * Kernel 4 still exports these names from 'shared' too (its pinned surface, surface.json, does
 * not lose a name within a major); lint keeps them out of the remotes and the kit's screens
 * (eslint.config.mjs, HOST_ONLY), and kernel 5 drops them from 'shared'.
 */
export { configureApi, apiBaseUrl, startEarly, type ApiConfig } from './api/client';
export { configureMounts, type MountLoader } from './federation/mounts';
export { fillPattern, prefixesOf } from './federation/route';
export { navTarget, type NavContext } from './federation/types';
export { msUntilExpiry, syncSessionAcrossTabs } from './session/session.store';
export { preloadToasts, Toaster } from './ui/toast';
export { versionOf } from './version';
export { kernelIncompatible } from './messages';
