import { useEffect, useId, useMemo, useState } from 'react';
import { SiteMessages, type SimpleSite } from 'contracts/projects-sites';
import { Button } from 'kit';
import { useUnsavedChanges } from 'shared';
import { useSaveSiteMap } from './siteMap.api';
import type { MapViewState } from './siteMap.controller';
import { appearanceOf, sameAppearance, sameZone, zoneOf, type SiteZone, type ZoneAppearance, type ZonePolygon } from './siteMap.zone';
import { useSiteMap } from './useSiteMap';
import { ZoneAppearanceFields } from './ZoneAppearanceFields';
import { ZoneSearch } from './ZoneSearch';

/** Props of {@link SiteZoneEditor}. */
export interface SiteZoneEditorProps {
  projectId: number;
  site: SimpleSite;
  /** The project's other zones (context and search). */
  others: readonly SiteZone[];
  /** Opened on when the site has no zone: its nearest ancestor's. */
  fallback: ZonePolygon | null;
  tileUrl: string | null;
  /** Where the map opens without a zone (longitude, latitude). */
  center: readonly [lon: number, lat: number];
  /** Depth 3 or less (spec 1 §5): the zone and its look may be drawn at all. */
  drawable: boolean;
  /** Drawable, active, and the user may save sites. */
  editable: boolean;
  viewMemory: { current: MapViewState | null };
  /** The search's text, kept by the tab across a new start. */
  search: string;
  onSearchChange(search: string): void;
  onCancel(): void;
}

/**
 * The map and its controls: Draw zone and Clear zone (and, while drawing, the keyboard's way to
 * place points), the search, the colours and opacities drawn live, Cancel and Save. Its draft
 * starts from the saved site; the tab keys it on what was saved, so after a save it starts again.
 */
export function SiteZoneEditor({
  projectId,
  site,
  others,
  fallback,
  tileUrl,
  center,
  drawable,
  editable,
  viewMemory,
  search,
  onSearchChange,
  onCancel,
}: SiteZoneEditorProps) {
  const helpId = useId();
  const savedZone = useMemo(() => zoneOf(site.location), [site.location]);
  const savedAppearance = useMemo(() => appearanceOf(site), [site]);
  const [zone, setZone] = useState(savedZone);
  const [appearance, setAppearance] = useState<ZoneAppearance>(savedAppearance);
  const [drawing, setDrawing] = useState(false);
  const [rejected, setRejected] = useState(false);
  const save = useSaveSiteMap(projectId, site.siteId);

  const zoneChanged = !sameZone(zone, savedZone);
  const changed = zoneChanged || !sameAppearance(appearance, savedAppearance);
  useUnsavedChanges((changed || drawing) && !save.isPending);

  const { targetRef, mapRef } = useSiteMap(
    { tileUrl, center, zone: savedZone, appearance: savedAppearance, context: others, fallback, editable },
    {
      onZoneChange: (next) => {
        setZone(next);
        setRejected(false);
      },
      onDrawingChange: setDrawing,
      onZoneRejected: () => setRejected(true),
    },
    viewMemory,
  );
  // The look is drawn as it changes; the other zones follow a refetch of the project's sites.
  useEffect(() => {
    mapRef.current?.setAppearance(appearance);
  }, [mapRef, appearance]);
  useEffect(() => {
    mapRef.current?.setContext(others);
  }, [mapRef, others]);

  const searchable = useMemo(
    () => (zone ? [{ siteId: site.siteId, name: site.name, path: 'This site', zone }, ...others] : others),
    [zone, site.siteId, site.name, others],
  );
  const submit = () =>
    save
      .mutateAsync({
        name: site.name,
        siteColor: appearance.siteColor,
        borderColor: appearance.borderColor,
        siteOpacity: appearance.siteOpacity,
        borderOpacity: appearance.borderOpacity,
        // Only a changed zone is sent: a location the map cannot draw stays as it is.
        ...(zoneChanged ? { location: zone } : {}),
      })
      .catch(() => undefined);

  const status = drawing
    ? 'Click on the map to add points; double-click, or click the first point, to finish. From the ' +
      'keyboard: move the map with the arrow keys and add a point at its centre.'
    : !editable
      ? null
      : zone
        ? 'Drag a corner to move it; drag an edge to add a corner.'
        : 'This site has no zone: draw one.';

  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="min-w-0 space-y-2">
          {editable ? (
            <div role="toolbar" aria-label="Zone" className="flex flex-wrap gap-2">
              {drawing ? (
                <>
                  <Button variant="secondary" size="sm" onClick={() => mapRef.current?.addPointAtCentre()}>
                    Add point at centre
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => mapRef.current?.removeLastPoint()}>
                    Undo last point
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => mapRef.current?.finishDrawing()}>
                    Finish zone
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => mapRef.current?.stopDrawing()}>
                    Stop drawing
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="secondary" size="sm" disabled={zone !== null} onClick={() => mapRef.current?.startDrawing()}>
                    Draw zone
                  </Button>
                  <Button variant="secondary" size="sm" disabled={zone === null} onClick={() => mapRef.current?.clearZone()}>
                    Clear zone
                  </Button>
                </>
              )}
            </div>
          ) : null}
          <div className="relative">
            <div
              ref={targetRef}
              role="region"
              aria-label={`Map of ${site.name}`}
              aria-describedby={helpId}
              tabIndex={0}
              data-testid="site-map"
              className="h-80 w-full overflow-hidden rounded-md border border-slate-300 bg-slate-50 focus-visible:ring-2
                  focus-visible:ring-brand-500 focus-visible:outline-none sm:h-[28rem]"
            />
            {drawing ? (
              // The point 'Add point at centre' places.
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-1/2 size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2
                    border-brand-700 bg-white/40"
              />
            ) : null}
          </div>
          <p id={helpId} className="text-xs text-slate-600">
            {`Arrow keys move the focused map; + and − zoom.${drawable ? '' : ' Other zones of the project are shown for reference.'}`}
          </p>
          <p role="status" className="min-h-5 text-sm text-slate-700">
            {rejected ? SiteMessages.mapZoneTooSmall : status}
          </p>
        </div>
        <div className="min-w-0 space-y-5">
          <ZoneSearch zones={searchable} query={search} onQueryChange={onSearchChange} onChoose={(found) => mapRef.current?.centreOn(found.zone)} />
          {drawable ? <ZoneAppearanceFields value={appearance} onChange={setAppearance} disabled={!editable} /> : null}
        </div>
      </div>
      {editable ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" disabled={(!changed && !drawing) || save.isPending} onClick={onCancel}>
            Cancel
          </Button>
          <Button loading={save.isPending} disabled={!changed || drawing} onClick={() => void submit()}>
            Save
          </Button>
        </div>
      ) : null}
    </div>
  );
}
