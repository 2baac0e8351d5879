/**
 * The site view's Map tab (spec 1 §2 site view, §5 site drawing, §9): the site's GeoZone drawn and
 * edited with OpenLayers, only at depth 3 or less; its colours and opacities; a search over the
 * project's zones; Cancel and Save. The site view loads this module when the tab is first shown,
 * so OpenLayers is in no other screen's code.
 */
import 'ol/ol.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { projectsSitesEndpoints, SiteMessages, type SimpleSite } from 'contracts/projects-sites';
import { Alert, Spinner } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { isRefreshingOnMount, projectSitesQuery } from '../sites.api';
import { sitePath } from '../siteTree';
import { mapSettingsQuery } from './siteMap.api';
import type { MapViewState } from './siteMap.controller';
import { DEFAULT_CENTER, holdsOtherLocation, mayDrawZone, nearestZone, zonesOfSites } from './siteMap.zone';
import { SiteZoneEditor } from './SiteZoneEditor';

/** Props of {@link SiteMapTab}. */
export interface SiteMapTabProps {
  projectId: number;
  /** The site as GET site/{siteId} answered it. */
  site: SimpleSite;
}

/** What the map saves of a site: the editor starts again whenever one of these changes on the server. */
const savedKey = (site: SimpleSite) =>
  JSON.stringify([site.location ?? null, site.siteColor, site.borderColor, site.siteOpacity, site.borderOpacity, site.active, site.depth]);

/**
 * The Map tab: waits for the project's sites (the other zones) and the map settings, then draws
 * the editor — keyed on what the server saved, not on the fetch time, so a refetch that brings
 * nothing new never throws away a zone being drawn.
 */
export default function SiteMapTab({ projectId, site }: SiteMapTabProps) {
  const sites = useQuery(projectSitesQuery(projectId));
  const settings = useQuery(mapSettingsQuery);
  const mayUpdate = useMayCall(projectsSitesEndpoints.updateSite);
  // Cancel starts the editor again from the saved site; the map keeps where it looked, the search what was typed.
  const [round, setRound] = useState(0);
  const viewMemory = useRef<MapViewState | null>(null);
  const [search, setSearch] = useState('');
  const others = useMemo(() => (sites.data ? zonesOfSites(sites.data, site.siteId) : []), [sites.data, site.siteId]);
  const fallback = useMemo(() => nearestZone((sites.data ? sitePath(sites.data, site.siteId) : null)?.slice(0, -1) ?? []), [sites.data, site.siteId]);

  if (sites.isPending || isRefreshingOnMount(sites) || settings.isPending) return <Spinner label="Loading the map" />;
  if (sites.isError) return <Alert variant="danger">{errorMessage(sites.error, SiteMessages.fetchFailed)}</Alert>;
  // Without the setting (or when it cannot be read) the map draws on a plain background.
  const tileUrl = settings.data?.tileUrl ?? null;
  const center = settings.data?.center ?? DEFAULT_CENTER;
  const drawable = mayDrawZone(site.depth);
  const editable = drawable && mayUpdate && site.active;

  return (
    <div className="space-y-3">
      {drawable ? null : <Alert variant="info">{SiteMessages.geoZonesDepth}</Alert>}
      {drawable && !site.active ? <Alert variant="info">{SiteMessages.mapArchived}</Alert> : null}
      {drawable && holdsOtherLocation(site.location) ? <Alert variant="warning">{SiteMessages.mapNotPolygon}</Alert> : null}
      {tileUrl ? null : <p className="text-xs text-slate-600">{SiteMessages.mapNoBaseMap}</p>}
      <SiteZoneEditor
        key={`${savedKey(site)}-${round}`}
        projectId={projectId}
        site={site}
        others={others}
        fallback={fallback}
        tileUrl={tileUrl}
        center={center}
        drawable={drawable}
        editable={editable}
        viewMemory={viewMemory}
        search={search}
        onSearchChange={setSearch}
        onCancel={() => setRound((n) => n + 1)}
      />
    </div>
  );
}
