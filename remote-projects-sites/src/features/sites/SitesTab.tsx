import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { projectsSitesEndpoints, SiteMessages } from 'contracts/projects-sites';
import { Alert, Button, buttonClass, Input, Spinner, Switch, urlParam, useUrlSearch, useUrlState } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { DefaultStorageSelect } from './DefaultStorageSelect';
import { PrintLabelsButton } from './labels/PrintLabelsButton';
import { SiteCsvActions } from './csv/SiteCsvActions';
import { SiteCard } from './SiteCard';
import { projectSitesQuery, useSeesArchivedSites } from './sites.api';
import { siteBulkRoute, siteNewRoute } from './sites.routes';
import { activeSites } from './siteTree';

/** Top-level sites drawn at once; more on request, so a project of hundreds stays quick. */
const CARDS_PAGE = 50;

/** The tab's state in the URL: the filter of top-level sites and whether archived sites show. */
const sitesTabParams = { sitesQ: urlParam.string(), archived: urlParam.boolean(false) };

/**
 * The project view's Sites tab (spec 1 §2): the filter of top-level sites, 'Show Archived Sites'
 * (ADMINISTER_SITE only), the default storage location, Manually Add Site, Bulk Add Sites,
 * Download Site Barcodes (the labels of the sites the tab shows), Export CSV and Import CSV
 * (ours: the hierarchy as a file, edited and imported back), and a card per top-level site
 * with its tree; the alert when the project has no sites. An inactive project takes no new
 * sites (the API's rule, domain/project-state.ts): it offers no Add and says why. The Tab key follows the page's order —
 * filter, switch, storage, actions, then each card — with no positive tabIndex (the spec's print
 * and tab indexes 0 to 7 are that order).
 */
export default function SitesTab({ projectId, projectActive = true }: { projectId: number; projectActive?: boolean }) {
  const sites = useQuery(projectSitesQuery(projectId));
  const seesArchived = useSeesArchivedSites();
  const mayCreate = useMayCall(projectsSitesEndpoints.createSites);
  const mayEditTrees = useMayCall(projectsSitesEndpoints.updateSites);
  const [state, setState] = useUrlState(sitesTabParams);
  const [filter, setFilter] = useUrlSearch(state.sitesQ, (sitesQ) => setState({ sitesQ }, { replace: true }));
  const [limit, setLimit] = useState(CARDS_PAGE);
  const filterId = useId();
  const showArchived = seesArchived && state.archived;

  const active = useMemo(() => activeSites(sites.data ?? []), [sites.data]);
  const shown = showArchived ? (sites.data ?? []) : active;
  const needle = state.sitesQ.toLocaleLowerCase('en-US');
  const tops = needle ? shown.filter((site) => site.name.toLocaleLowerCase('en-US').includes(needle)) : shown;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <div className="space-y-1">
          <label htmlFor={filterId} className="block text-sm font-medium text-slate-700">
            Filter sites
          </label>
          <Input
            id={filterId}
            type="search"
            value={filter}
            placeholder="Top-level site name"
            className="w-64 max-w-full"
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        {seesArchived ? (
          <div className="pb-2">
            <Switch label="Show Archived Sites" checked={state.archived} onCheckedChange={(archived) => setState({ archived })} />
          </div>
        ) : null}
        <DefaultStorageSelect projectId={projectId} sites={active} />
      </div>
      <div className="flex flex-wrap gap-2">
        {mayCreate && projectActive ? (
          <>
            <Link to={siteNewRoute.to({ projectId })} className={buttonClass({ variant: 'primary' })}>
              Manually Add Site
            </Link>
            <Link to={siteBulkRoute.to({ projectId })} className={buttonClass({ variant: 'secondary' })}>
              Bulk Add Sites
            </Link>
          </>
        ) : null}
        <PrintLabelsButton tops={tops} filter={state.sitesQ}>
          Download Site Barcodes
        </PrintLabelsButton>
        <SiteCsvActions projectId={projectId} includeArchived={showArchived} />
      </div>
      {mayCreate && !projectActive ? <Alert variant="info">{SiteMessages.inactiveProject}</Alert> : null}
      {sites.isPending ? <Spinner label="Loading sites" /> : null}
      {sites.isError ? <Alert variant="danger">{errorMessage(sites.error, SiteMessages.fetchFailed)}</Alert> : null}
      {sites.data && shown.length === 0 ? <Alert variant="info">{SiteMessages.noSites}</Alert> : null}
      {sites.data && shown.length > 0 && tops.length === 0 ? <p className="text-sm text-slate-600">{`No top-level site matches “${state.sitesQ}”.`}</p> : null}
      <div className="space-y-3">
        {tops.slice(0, limit).map((site) => (
          <SiteCard key={site.siteId} site={site} mayEditTree={mayEditTrees} />
        ))}
      </div>
      {tops.length > limit ? (
        <Button variant="secondary" onClick={() => setLimit((n) => n + CARDS_PAGE)}>
          {`Show more top-level sites (${limit} of ${tops.length} shown)`}
        </Button>
      ) : null}
    </div>
  );
}
