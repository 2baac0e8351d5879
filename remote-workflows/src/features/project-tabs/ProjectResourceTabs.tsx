import { EmptyState } from 'kit';
import '../../styles.css';

/** Props the project view passes (remote-projects-sites mounts this part on two of its tabs). */
export interface ProjectResourceTabsProps {
  projectId: number;
  /** Which of the two tabs: Resource Workflows Config or Resource Preservation Config. */
  kind: 'workflows' | 'preservations';
}

/**
 * The project view's resource-type workflow and preservation configuration (spec 2: each resource
 * type's workflow or preservation in one project), exposed to remote-projects-sites as
 * './ProjectResourceTabs'. Until its issue lands it says the configuration is not available yet.
 * It draws inside its own area ([data-remote="workflows"]), where this remote's utilities apply.
 */
export default function ProjectResourceTabs({ kind }: ProjectResourceTabsProps) {
  const what = kind === 'preservations' ? 'preservation' : 'workflow';
  return (
    <div data-remote="workflows">
      <EmptyState title={`The resource ${what} configuration is not available yet`}>
        {`Which ${what} each resource type of this project follows is set here once the ${what} configuration screens arrive.`}
      </EmptyState>
    </div>
  );
}
