/**
 * How a section mounts a part another section exposes (the project view shows tabs that
 * remote-licensing and remote-workflows expose): the host supplies the loader once (the
 * federation runtime, the kernel check, the time limit); the kit's RemoteMount draws the part
 * with its own fallback and Retry.
 */
import type { ComponentType } from 'react';

/** Loads the component `exposed` ('./ProjectTabs') of remote `remoteId`; rejects with the reason. */
export type MountLoader = (remoteId: string, exposed: string) => Promise<ComponentType<Record<string, unknown>>>;

let loader: MountLoader = () => Promise.reject(new Error('no host has set up remote mounts'));

/** The host sets the loader once, at start. */
export function configureMounts(load: MountLoader): void {
  loader = load;
}

/** Loads an exposed part through the host's loader. */
export function loadMount(remoteId: string, exposed: string): ReturnType<MountLoader> {
  return loader(remoteId, exposed);
}
