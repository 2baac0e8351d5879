import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { SiteMessages, type SiteTreeNode } from 'contracts/projects-sites';
import { Card, EntityGate, PageHeader, Spinner } from 'kit';
import { projectQuery } from '../project-view/project.api';
import { HierarchyEditor } from './HierarchyEditor';
import { findNode } from './hierarchyDraft';
import { isRefreshingOnMount, siteHierarchyQuery } from './sites.api';
import { routeId, sitesTabOf } from './sites.routes';

/**
 * The hierarchy editor's page (spec 1: /projects/:projectId/site/:siteId/tree, SiteHierarchy):
 * the site's tree from GET projects/{projectId}/sites/hierarchy. A site the project does not
 * hold (or another licence's project) is 'Site not found'.
 */
export default function SiteHierarchyPage() {
  const params = useParams();
  const projectId = routeId(params.projectId);
  const siteId = routeId(params.siteId);
  const query = useQuery({ ...siteHierarchyQuery(projectId ?? 0), enabled: projectId !== null });
  const valid = projectId !== null && siteId !== null && (query.data === undefined || findNode(query.data, siteId) !== null);
  return (
    <EntityGate query={query} noun="Site" valid={valid} failure={SiteMessages.fetchFailed}>
      {(trees) => (
        <Hierarchy
          projectId={projectId!}
          trees={trees}
          root={findNode(trees, siteId!)!}
          fetchedAt={query.dataUpdatedAt}
          refreshing={isRefreshingOnMount(query)}
        />
      )}
    </EntityGate>
  );
}

function Hierarchy({
  projectId,
  trees,
  root,
  fetchedAt,
  refreshing,
}: {
  projectId: number;
  trees: SiteTreeNode[];
  root: SiteTreeNode;
  fetchedAt: number;
  refreshing: boolean;
}) {
  const project = useQuery(projectQuery(projectId));
  // The names beside the top site: the project's other top-level sites, or its parent's other children.
  const rootSiblings = useMemo(() => {
    const parentId = root.site.parentId ?? null;
    const family = parentId === null ? trees : (findNode(trees, parentId)?.children ?? []);
    return family.filter((node) => node.site.siteId !== root.site.siteId).map((node) => node.site.name);
  }, [trees, root]);
  return (
    <div className="space-y-4">
      <PageHeader
        title="Site hierarchy"
        description={`${root.site.name}${project.data ? ` · ${project.data.name}` : ''}`}
        back={{ to: sitesTabOf(projectId), label: 'Sites' }}
      />
      <Card>
        {refreshing ? (
          <Spinner label="Loading the hierarchy" />
        ) : (
          <HierarchyEditor projectId={projectId} root={root} fetchedAt={fetchedAt} rootSiblings={rootSiblings} />
        )}
      </Card>
    </div>
  );
}
