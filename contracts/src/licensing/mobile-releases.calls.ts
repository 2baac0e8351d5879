/** The mobile release calls (ours), derived from their endpoints. */
import { callOf } from '../common/call';
import { mobileReleaseEndpoints } from './mobile-releases.endpoints';

export const getMobileReleases = callOf(mobileReleaseEndpoints.getMobileReleases);
export const getMobileRelease = callOf(mobileReleaseEndpoints.getMobileRelease);
export const createMobileRelease = callOf(mobileReleaseEndpoints.createMobileRelease);
export const updateMobileRelease = callOf(mobileReleaseEndpoints.updateMobileRelease);
