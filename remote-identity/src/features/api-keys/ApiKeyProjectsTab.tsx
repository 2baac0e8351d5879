import { useQuery } from '@tanstack/react-query';
import { ApiKeyMessages, type ApiKey } from 'contracts/identity';
import { Alert, dataKey, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { asTree, ProjectsEditor } from '../access/ProjectsEditor';
import { isRefreshingOnMount } from '../users/user.api';
import { apiKeyProjectsQuery, useSetApiKeyProjects } from './apiKeys.api';

/**
 * A key's Projects tab (spec 1 §2): the key's projects as the project tree with checkboxes
 * (ProjectsEditor); with All projects on, a note that the key reaches every project of its
 * licence and the ticked ones count only when it is off.
 */
export function ApiKeyProjectsTab({ apiKey }: { apiKey: ApiKey }) {
  const projects = useQuery(apiKeyProjectsQuery(apiKey.apiKeyId));
  const save = useSetApiKeyProjects(apiKey.apiKeyId);
  if (projects.isPending || isRefreshingOnMount(projects)) return <Spinner label="Loading projects" />;
  if (projects.isError) return <Alert variant="danger">{errorMessage(projects.error, ApiKeyMessages.projectsFailed)}</Alert>;
  const tree = asTree(
    projects.data.map((p) => ({
      ...p,
      name: p.name ?? String(p.projectId),
      description: p.description,
      licenseId: apiKey.licenseId,
      isActive: p.isActive,
      fromUserGroup: false,
    })),
  );
  return (
    <div className="space-y-3">
      {apiKey.allProjects ? (
        <Alert variant="info">This key reaches every project of its license (All projects is on); the projects below count when it is off.</Alert>
      ) : null}
      <ProjectsEditor key={dataKey(projects.data)} projects={tree} editable saving={save.isPending} onSave={(ids) => save.mutate(ids)} />
    </div>
  );
}
