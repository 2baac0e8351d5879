/**
 * The kernel: what the host provides once to every remote at run time (a federation
 * singleton): roles, the kernel's messages, path helpers, the session store, the one API
 * client, the remote contract (routes, mounts), the mutation hook, the
 * unsaved-changes guard and the toaster — what must be one for all sections, and changes
 * rarely. The components screens are made of are the kit (`kit`), which each app bundles; what
 * belongs to one area (its calls, entities, messages) is in that area's contract (contracts/<area>).
 * The API imports only the React-free subpaths: shared/roles, shared/messages, shared/issues.
 */
export * from './version';
export * from './roles';
export * from './messages';
export * from './forms/issues';
export * from './paths';
export * from './session/session.store';
export * from './session/useHasRole';
// Named, not `*`: the client's host-only starter of early calls (startEarly) is in shared/host alone.
export {
  type ApiConfig,
  messageOf,
  ApiError,
  ApiContractError,
  errorMessage,
  configureApi,
  apiBaseUrl,
  type Query,
  type CallOptions,
  call,
  callWithStatus,
  callFile,
  saveFile,
  seg,
  Anything,
  MessageReply,
} from './api/client';
export * from './queries/useNotifyingMutation';
export * from './federation/types';
export * from './federation/route';
export * from './federation/mounts';
export * from './ui';
