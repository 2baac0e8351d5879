import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ProjectMessages, SiteMessages, type Project } from 'contracts/projects-sites';
import { Alert, Card, EntityGate, PageHeader, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { projectQuery } from '../project-view/project.api';
import { SiteForm } from './SiteForm';
import { projectSitesQuery, useCreateSite } from './sites.api';
import { routeId, sitesTabOf, siteViewRoute } from './sites.routes';
import { findSite } from './siteTree';

/**
 * A new site (spec 1: /projects/:projectId/site/new, titled 'New Site'), at the top level or
 * under `?parentId=`. Saved ('Added site to the project'), it opens the new site's view.
 */
export default function SiteNewPage() {
  const projectId = routeId(useParams().projectId);
  const project = useQuery({ ...projectQuery(projectId ?? 0), enabled: projectId !== null });
  return (
    <EntityGate query={project} noun="Project" valid={projectId !== null} failure={ProjectMessages.loadFailed}>
      {(loaded) => <NewSite project={loaded} />}
    </EntityGate>
  );
}

function NewSite({ project }: { project: Project }) {
  const projectId = project.projectId;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const sites = useQuery(projectSitesQuery(projectId));
  const create = useCreateSite(projectId);
  const asked = routeId(search.get('parentId'));

  const body = () => {
    if (sites.isPending) return <Spinner label="Loading sites" />;
    if (sites.isError) return <Alert variant="danger">{errorMessage(sites.error, SiteMessages.fetchFailed)}</Alert>;
    // A parent that is not an active site of this project is not offered: the site starts at the top level.
    const parent = asked === null ? null : findSite(sites.data, asked);
    const parentId = parent?.active ? parent.siteId : null;
    return (
      <SiteForm
        mode="new"
        projectId={projectId}
        sites={sites.data}
        parentId={parentId}
        editable
        cancelTo={parent ? siteViewRoute.to({ projectId, siteId: parent.siteId }) : sitesTabOf(projectId)}
        onSubmit={async (site) => {
          const created = await create.mutateAsync(site);
          navigate(siteViewRoute.to({ projectId, siteId: created.siteId }));
        }}
      />
    );
  };

  return (
    <div className="space-y-4">
      <PageHeader title="New Site" description={project.name} back={{ to: sitesTabOf(projectId), label: `${project.name} sites` }} />
      <Card>{body()}</Card>
    </div>
  );
}
