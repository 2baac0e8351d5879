/**
 * The site map's server state: the base-map setting (GET environment/1/vuejsVersion's
 * `mapTileUrl` and `mapDefaultCenter`, the API's MAP_TILE_URL and MAP_DEFAULT_CENTER) and saving a site's zone and look (POST site/{siteId}/update).
 */
import { queryOptions } from '@tanstack/react-query';
import { getDeployedVersion } from 'contracts/auth';
import { SiteMessages, updateSite, type SiteInput } from 'contracts/projects-sites';
import { historyKeys } from 'kit';
import { ApiError, useNotifyingMutation } from 'shared';
import { siteKeys } from '../sites.api';
import { mapCenter } from './siteMap.zone';

export const siteMapKeys = {
  /** The console's map settings: they change only with a new deployment. */
  settings: () => [...siteKeys.all, 'map-settings'] as const,
};

/**
 * The map's settings: the XYZ tile URL template, or null for a plain background (no other host),
 * and the default centre (longitude, latitude: the server's MAP_DEFAULT_CENTER, else Sydney).
 */
export const mapSettingsQuery = queryOptions({
  queryKey: siteMapKeys.settings(),
  queryFn: async () => {
    const deployed = await getDeployedVersion();
    return { tileUrl: deployed.mapTileUrl ?? null, center: mapCenter(deployed.mapDefaultCenter) };
  },
  staleTime: Infinity,
});

/** What the map saves: the zone only when it changed (a location the map cannot draw stays as it is). */
export type SiteMapBody = Pick<SiteInput, 'name' | 'siteColor' | 'borderColor' | 'siteOpacity' | 'borderOpacity' | 'location'>;

/**
 * Saves the site's zone and look ('Site saved', or the server's text, else 'Failed to save site').
 * Not the Properties tab's useUpdateSite: the map has no name field, so every failure — even one
 * about the name — is a toast here, never left to a field that is not on screen.
 */
export function useSaveSiteMap(projectId: number, siteId: number) {
  return useNotifyingMutation({
    mutationFn: async (body: SiteMapBody) => {
      const reply = await updateSite(siteId, body);
      // A refusal answered with success false is a failure with its message.
      if (!reply.success) throw new ApiError(200, reply.message ?? undefined, reply, `site/${siteId}/update`);
      return reply;
    },
    // The site's view, the project's trees (the other sites' maps show this zone) and the Histories.
    invalidates: [siteKeys.ones(), siteKeys.project(projectId), historyKeys.all],
    success: SiteMessages.saved,
    failure: SiteMessages.saveFailed,
  });
}
