import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { projectsSitesEndpoints, SiteMessages, type Site } from 'contracts/projects-sites';
import { Alert, Badge, Button, ConfirmDialog, Spinner } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { SiteForm } from './SiteForm';
import { isRefreshingOnMount, projectSitesQuery, useArchiveSite, useSeesArchivedSites, useUnarchiveSite, useUpdateSite } from './sites.api';
import { sitesTabOf, siteViewRoute } from './sites.routes';

/**
 * The site view's Properties tab (spec 1 §2, 'Edit Site'): the site form, keyed on the
 * queries' update times so that after a save it starts again from what the server saved; Archive
 * with its confirmation (all child sites are archived too); on an archived site 'Unarchive site
 * and child sites' and 'Unarchive site' instead, the form read-only until it is unarchived.
 */
export function SitePropertiesTab({ site, fetchedAt, refreshing }: { site: Site; fetchedAt: number; refreshing: boolean }) {
  const sites = useQuery(projectSitesQuery(site.projectId));
  const mayUpdate = useMayCall(projectsSitesEndpoints.updateSite);
  // Cancel starts the form again from the saved site.
  const [round, setRound] = useState(0);
  if (sites.isPending || isRefreshingOnMount(sites) || refreshing) return <Spinner label="Loading sites" />;
  if (sites.isError) return <Alert variant="danger">{errorMessage(sites.error, SiteMessages.fetchFailed)}</Alert>;
  return (
    <div className="space-y-6">
      <EditSite
        key={`${fetchedAt}-${sites.dataUpdatedAt}-${round}`}
        site={site}
        sites={sites.data}
        editable={mayUpdate && site.active}
        onCancel={() => setRound((n) => n + 1)}
      />
      <ChildSites site={site} />
    </div>
  );
}

function EditSite({ site, sites, editable, onCancel }: { site: Site; sites: Site[]; editable: boolean; onCancel(): void }) {
  const update = useUpdateSite(site.projectId, site.siteId);
  return (
    <div className="space-y-4">
      {site.active ? null : <Alert variant="info">This site is archived: unarchive it to change it.</Alert>}
      <SiteForm
        mode="edit"
        projectId={site.projectId}
        site={site}
        sites={sites}
        editable={editable}
        onCancel={onCancel}
        onSubmit={async (body) => {
          await update.mutateAsync(body);
        }}
        actions={<ArchiveActions site={site} />}
      />
    </div>
  );
}

/** Archive (with the confirmation), or on an archived site the two ways to unarchive it. */
function ArchiveActions({ site }: { site: Site }) {
  const navigate = useNavigate();
  const mayArchive = useMayCall(projectsSitesEndpoints.archiveSite);
  const mayUnarchive = useMayCall(projectsSitesEndpoints.unarchiveSite);
  const seesArchived = useSeesArchivedSites();
  const archive = useArchiveSite(site.projectId);
  const unarchive = useUnarchiveSite(site.projectId);
  const [asking, setAsking] = useState(false);

  if (!site.active)
    return mayUnarchive ? (
      <>
        <Button
          variant="secondary"
          loading={unarchive.isPending && unarchive.variables?.includeChildren === true}
          disabled={unarchive.isPending}
          onClick={() => unarchive.mutate({ siteId: site.siteId, includeChildren: true })}
        >
          Unarchive site and child sites
        </Button>
        <Button
          variant="secondary"
          loading={unarchive.isPending && unarchive.variables?.includeChildren === false}
          disabled={unarchive.isPending}
          onClick={() => unarchive.mutate({ siteId: site.siteId, includeChildren: false })}
        >
          Unarchive site
        </Button>
      </>
    ) : null;
  if (!mayArchive) return null;
  return (
    <>
      <Button variant="danger" onClick={() => setAsking(true)}>
        Archive
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Archive ${site.name}?`}
        message={SiteMessages.archiveChildren}
        confirmLabel="Archive"
        variant="danger"
        busy={archive.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          archive.mutateAsync(site.siteId).then(
            () => {
              setAsking(false);
              // Who does not see archived sites has nothing left to see here.
              if (!seesArchived) navigate(sitesTabOf(site.projectId));
            },
            () => setAsking(false),
          )
        }
      />
    </>
  );
}

/** The site's direct children, each a link to its view. */
function ChildSites({ site }: { site: Site }) {
  const seesArchived = useSeesArchivedSites();
  const children = seesArchived ? site.children : site.children.filter((child) => child.active);
  return (
    <section aria-labelledby={`children-${site.siteId}`} className="space-y-2 border-t border-slate-200 pt-4">
      <h2 id={`children-${site.siteId}`} className="text-sm font-semibold text-slate-900">
        {`Child sites (${children.length})`}
      </h2>
      {children.length === 0 ? (
        <p className="text-sm text-slate-500">This site has no child sites.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {children.map((child) => (
            <li key={child.siteId} className="inline-flex items-center gap-1.5 rounded border border-slate-200 px-2 py-1">
              <Link to={siteViewRoute.to({ projectId: site.projectId, siteId: child.siteId })} className="text-sm text-brand-700 hover:underline">
                {child.name}
              </Link>
              {child.active ? null : <Badge variant="neutral">Archived</Badge>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
