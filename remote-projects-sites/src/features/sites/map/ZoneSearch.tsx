import { useId } from 'react';
import { Input } from 'kit';
import { searchZones, type SiteZone } from './siteMap.zone';

/** Props of {@link ZoneSearch}. */
export interface ZoneSearchProps {
  /** The project's sites with a zone (this one's too, while it has one). */
  zones: readonly SiteZone[];
  /** What is typed (held by the tab: it stays when the editor starts again after a save). */
  query: string;
  onQueryChange(query: string): void;
  onChoose(zone: SiteZone): void;
}

/**
 * The map's search (spec 1 §2): the project's sites with a zone by name; choosing one centres the
 * map on it. No geocoder: the map works without the internet.
 */
export function ZoneSearch({ zones, query, onQueryChange, onChoose }: ZoneSearchProps) {
  const id = useId();
  const found = searchZones(zones, query);
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        Find a site on the map
      </label>
      <Input id={id} type="search" value={query} placeholder="Site name" autoComplete="off" onChange={(event) => onQueryChange(event.target.value)} />
      <p className="text-xs text-slate-600" role="status">
        {query.trim() === ''
          ? `${zones.length} ${zones.length === 1 ? 'site has' : 'sites have'} a zone.`
          : found.length === 0
            ? 'No site with a zone has that name.'
            : `${found.length} found: choose one to centre the map on it.`}
      </p>
      {found.length > 0 ? (
        <ul aria-label="Sites found" className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {found.map((zone) => (
            <li key={zone.siteId}>
              <button
                type="button"
                onClick={() => onChoose(zone)}
                className="block w-full cursor-pointer px-2.5 py-1.5 text-left text-sm hover:bg-slate-50 focus-visible:ring-2
                    focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
              >
                <span className="block truncate font-medium text-slate-900">{zone.name}</span>
                {zone.path === zone.name ? null : <span className="block truncate text-xs text-slate-600">{zone.path}</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
