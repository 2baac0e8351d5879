import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { auditSubject } from 'contracts/common';
import { projectsSitesEndpoints, SiteMessages, type Site } from 'contracts/projects-sites';
import { Badge, buttonClass, Card, EntityGate, HistoryTab, loadable, PageHeader, Spinner, Tabs } from 'kit';
import { useMayCall } from 'shared';
import { projectQuery } from '../project-view/project.api';
import { isRefreshingOnMount, projectSitesQuery, siteQuery } from './sites.api';
import { routeId, siteHierarchyRoute, siteNewRoute, sitesTabOf, siteViewRoute } from './sites.routes';
import { SitePropertiesTab } from './SitePropertiesTab';
import { sitePath } from './siteTree';

/**
 * The Map tab (the GeoZone editor), loaded when first shown: OpenLayers is in its own chunk, on no
 * other screen. The kit's `loadable` rather than React.lazy, as the host loads screens: React does
 * not hold the map back after the spinner.
 */
const SiteMapTab = loadable(
  () => import(/* webpackChunkName: "site-map" */ './map/SiteMapTab').then((module) => module.default),
  <Spinner label="Loading the map" />,
);

/**
 * One site (spec 1: /projects/:projectId/site/:siteId, ProjectSiteView). Another licence's site
 * answers 404 and a site of another project is not this address's: both are 'Site not found'.
 */
export default function SiteViewPage() {
  const params = useParams();
  const projectId = routeId(params.projectId);
  const siteId = routeId(params.siteId);
  const query = useQuery({ ...siteQuery(siteId ?? 0), enabled: siteId !== null });
  const valid = projectId !== null && siteId !== null && (query.data === undefined || query.data.projectId === projectId);
  return (
    <EntityGate query={query} noun="Site" valid={valid} failure={SiteMessages.fetchFailed}>
      {(site) => <SiteView site={site} query={query} />}
    </EntityGate>
  );
}

/** The site's place in the project: the project, then its ancestors, each a link. */
function SitePathNav({ site }: { site: Site }) {
  const project = useQuery(projectQuery(site.projectId));
  const sites = useQuery(projectSitesQuery(site.projectId));
  const ancestors = (sites.data ? sitePath(sites.data, site.siteId) : null)?.slice(0, -1) ?? [];
  const link = 'text-brand-700 hover:underline';
  return (
    <nav aria-label="Site path" className="min-w-0">
      <ol className="flex flex-wrap items-center gap-x-1.5 text-sm">
        <li>
          <Link to={sitesTabOf(site.projectId)} className={link}>
            {project.data?.name ?? 'Project'}
          </Link>
        </li>
        {ancestors.map((ancestor) => (
          <li key={ancestor.siteId} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="text-slate-400">
              ›
            </span>
            <Link to={siteViewRoute.to({ projectId: site.projectId, siteId: ancestor.siteId })} className={link}>
              {ancestor.name}
            </Link>
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="text-slate-400">
            ›
          </span>
          <span aria-current="page" className="text-slate-700">
            {site.name}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/** The header ('Edit Site', the name and Archived badge under it, back to the Sites tab, Add child site, Hierarchy), the path and the tabs. */
function SiteView({ site, query }: { site: Site; query: UseQueryResult<Site> }) {
  const mayCreate = useMayCall(projectsSitesEndpoints.createSites);
  const mayEditTrees = useMayCall(projectsSitesEndpoints.updateSites);
  const sites = useQuery(projectSitesQuery(site.projectId));
  // The hierarchy editor opens on the site's top-level site.
  const topId = (sites.data ? sitePath(sites.data, site.siteId)?.[0]?.siteId : undefined) ?? (site.parentId === null ? site.siteId : undefined);
  return (
    <div className="space-y-4">
      {/* Spec 1 §2: the screen is titled Edit Site; the site's name under it (issue 36). */}
      <PageHeader
        title="Edit Site"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 text-base font-medium break-words text-slate-700">{site.name}</span>
            {site.active ? null : <Badge variant="neutral">Archived</Badge>}
          </span>
        }
        back={{ to: sitesTabOf(site.projectId), label: 'Sites' }}
        actions={
          <div className="flex flex-wrap gap-2">
            {mayCreate && site.active ? (
              <Link to={`${siteNewRoute.to({ projectId: site.projectId })}?parentId=${site.siteId}`} className={buttonClass({ variant: 'secondary' })}>
                Add child site
              </Link>
            ) : null}
            {mayEditTrees && topId !== undefined ? (
              <Link to={siteHierarchyRoute.to({ projectId: site.projectId, siteId: topId })} className={buttonClass({ variant: 'secondary' })}>
                Hierarchy
              </Link>
            ) : null}
          </div>
        }
      />
      <SitePathNav site={site} />
      <Card>
        <Tabs
          hashSync
          tabs={[
            {
              id: 'properties',
              label: 'Properties',
              content: <SitePropertiesTab site={site} fetchedAt={query.dataUpdatedAt} refreshing={isRefreshingOnMount(query)} />,
            },
            { id: 'map', label: 'Map', content: <SiteMapTab projectId={site.projectId} site={site} /> },
            // Ours: every change to the site (audit subject site:N).
            { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('site', site.siteId)} /> },
          ]}
        />
      </Card>
    </div>
  );
}
