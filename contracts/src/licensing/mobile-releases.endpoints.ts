/**
 * Mobile app releases (ours: the contract lists no call for the Mobile Admin screens), one
 * endpoint object each; super administrators only ('Mobile Admin' in the header).
 */
import * as v from 'valibot';
import { Role } from 'shared/roles';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { filterQuery, idParam, pageQuery } from '../common/params';
import { MobileReleaseBodySchema, MobileReleasePageSchema, MobileReleaseSchema } from './mobile-releases.entities';

const superAdmins = anyRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);

export const mobileReleaseEndpoints = endpointGroup('licensing', {
  getMobileReleases: endpoint({
    method: 'GET',
    path: 'mobile-releases',
    summary: 'A page of the mobile app releases, newest release date first, filtered by version or couch url.',
    access: superAdmins,
    query: v.object({ ...filterQuery, ...pageQuery }),
    reply: MobileReleasePageSchema,
  }),

  getMobileRelease: endpoint({
    method: 'GET',
    path: 'mobile-releases/{id}',
    summary: 'One mobile app release.',
    access: superAdmins,
    params: idParam('id'),
    reply: MobileReleaseSchema,
  }),

  createMobileRelease: endpoint({
    method: 'POST',
    path: 'mobile-releases',
    summary: 'Adds a mobile app release; made current, it takes the place of the current one.',
    access: superAdmins,
    body: MobileReleaseBodySchema,
    reply: MobileReleaseSchema,
  }),

  updateMobileRelease: endpoint({
    method: 'PUT',
    path: 'mobile-releases/{id}',
    summary: 'Changes a mobile app release; made current, it takes the place of the current one.',
    access: superAdmins,
    params: idParam('id'),
    body: MobileReleaseBodySchema,
    reply: MobileReleaseSchema,
  }),
});
