/**
 * The console's one federation runtime, loaded after sign-in: the sign-in pages need no
 * remote, so the host is built without the federation plugin and this module (the runtime
 * and the list of what the host shares) arrives only when the signed-in shell first loads a
 * remote (about 45 KB gzip less on the login page).
 *
 * The host provides its own copies of the singletons: the remotes take React, the router,
 * the store, the query client, the toaster and the kernel from here, never their own. The
 * remotes are built against an external runtime (`_FEDERATION_RUNTIME_CORE`), which this
 * module puts on the page before any remote entry runs.
 *
 * `npm run bench`'s monolith build replaces this file with shared/build/monolith-runtime.mjs.
 */
import { createInstance } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import * as reactQuery from '@tanstack/react-query';
import react from 'react';
import jsxRuntime from 'react/jsx-runtime';
import reactDom from 'react-dom';
import reactDomClient from 'react-dom/client';
// The whole list is what the host shares (the lint rule guards single names, not this).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import * as reactRouter from 'react-router';
// The whole kernel is what the host provides (its host-only names included, for kernel 4's surface).
// eslint-disable-next-line no-restricted-imports
import * as kernel from 'shared';
import * as zustand from 'zustand';
import offlineRemotePlugin from './offline-remote.plugin';

/** The host's name in the federation (what `__FEDERATION__.__SHARE__` names as provider). */
export const HOST_NAME = 'console_host';

/** Versions of what the host shares, written by the build from its package.json (webpack.mjs). */
declare const __SHARED_VERSIONS__: Record<string, string>;

const singleton = (name: string, lib: unknown) => ({
  version: __SHARED_VERSIONS__[name],
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: false as const },
});

// Remotes built with `externalRuntime` find the runtime here (what the federation plugin's
// inject-external-runtime-core runtime plugin does in a plugin-built host).
const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: unknown };
global._FEDERATION_RUNTIME_CORE = runtimeCore;
global._FEDERATION_RUNTIME_CORE_FROM = { name: HOST_NAME, version: __SHARED_VERSIONS__['@module-federation/runtime-core'] };

export const federation = createInstance({
  name: HOST_NAME,
  remotes: [],
  plugins: [offlineRemotePlugin()],
  shared: {
    react: singleton('react', react),
    'react/jsx-runtime': singleton('react/jsx-runtime', jsxRuntime),
    'react-dom': singleton('react-dom', reactDom),
    'react-dom/client': singleton('react-dom/client', reactDomClient),
    // The router as the list of its exports the console uses (shared/build/react-router.mjs;
    // the host's build resolves 'react-router' to that list).
    'react-router': singleton('react-router', reactRouter),
    zustand: singleton('zustand', zustand),
    '@tanstack/react-query': singleton('@tanstack/react-query', reactQuery),
    // The toaster loads with the first toast (kernel toast.tsx); a remote asking for it gets
    // the same module. Until then the copy is not in use, and the runtime would let a remote's
    // own copy of the same version replace it (the later name wins): 'loaded-first' keeps it.
    sonner: {
      version: __SHARED_VERSIONS__.sonner,
      get: () => import('sonner').then((module) => () => module),
      shareConfig: { singleton: true, requiredVersion: false as const },
      strategy: 'loaded-first' as const,
    },
    shared: singleton('shared', kernel),
  },
});
