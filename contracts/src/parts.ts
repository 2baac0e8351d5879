/**
 * The parts a remote exposes for another section to mount (kit RemoteMount), with the props each
 * takes: the one place both sides read, so the exposing component and every mount are checked
 * against the same props at compile time. A part added, renamed or given a new prop is a change
 * here, which both remotes build against (a new optional prop stays compatible with older mounts).
 */
import type { ConfigOwner } from './licensing/configs.entities';

export interface ExposedParts {
  'projects-sites': {
    /** A project's or a licence's configs (the licence settings' configuration). */
    './ConfigsPanel': { owner: ConfigOwner };
    /** The ResourceProperties config of a project or a licence. */
    './ResourcePropertiesPanel': { owner: ConfigOwner };
  };
  workflows: {
    /** The project view's Resource Workflows Config and Resource Preservation Config tabs. */
    './ProjectResourceTabs': { projectId: number; kind: 'workflows' | 'preservations' };
    /** The licence settings' resource-type-to-workflow mapping. */
    './LicenseResourceWorkflows': { licenseId: number };
  };
}

/** A remote that exposes parts. */
export type PartRemote = keyof ExposedParts;
/** A part `R` exposes ('./ConfigsPanel'). */
export type PartName<R extends PartRemote> = keyof ExposedParts[R] & string;
/** The props of part `P` of remote `R`. */
export type PartProps<R extends PartRemote, P extends PartName<R>> = ExposedParts[R][P];
