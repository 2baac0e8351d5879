import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { SiteMap, type MapViewState, type SiteMapOptions } from './siteMap.controller';

type Events = Pick<SiteMapOptions, 'onZoneChange' | 'onDrawingChange' | 'onZoneRejected'>;

/** What the map starts with (the editor is keyed on the saved site: a new start is a new map). */
export type SiteMapStart = Omit<SiteMapOptions, 'target' | 'view' | keyof Events>;

/**
 * The OpenLayers map in a React component: made once in the element `targetRef` points at,
 * disposed with the component; `viewMemory` keeps where it looked for the next one (the tab
 * starts again from the saved site after Cancel and Save without moving the map).
 */
export function useSiteMap(
  start: SiteMapStart,
  events: Events,
  viewMemory: { current: MapViewState | null },
): { targetRef: RefObject<HTMLDivElement | null>; mapRef: RefObject<SiteMap | null> } {
  const targetRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<SiteMap | null>(null);
  const [initial] = useState(start);
  const onZoneChange = useEffectEvent(events.onZoneChange);
  const onDrawingChange = useEffectEvent(events.onDrawingChange);
  const onZoneRejected = useEffectEvent(events.onZoneRejected);

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const map = new SiteMap({
      ...initial,
      target,
      view: viewMemory.current,
      onZoneChange: (zone) => onZoneChange(zone),
      onDrawingChange: (drawing) => onDrawingChange(drawing),
      onZoneRejected: () => onZoneRejected(),
    });
    mapRef.current = map;
    return () => {
      viewMemory.current = map.viewState();
      mapRef.current = null;
      map.dispose();
    };
  }, [initial, viewMemory]);

  return { targetRef, mapRef };
}
