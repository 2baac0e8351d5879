/**
 * Mobile app releases (ours: the contract lists no call for the Mobile Admin screens): the
 * routes of their endpoints (contracts/licensing/mobile-releases.endpoints.ts). What each does is
 * in mobile-releases.handlers.ts.
 */
import { MobileReleaseReplySchema, mobileReleaseEndpoints as api } from 'contracts/licensing/model';
import { pageReply } from '../../http/params';
import { route } from '../../http/route';
import { noLicense } from '../../http/licence-scope';

const notFoundAnswer = { 404: 'No such release.' };
const takenAnswer = { 409: 'Another release has this version.' };

export const mobileReleaseSpecs = {
  getMobileReleases: route(api.getMobileReleases, {
    scope: noLicense('mobile releases belong to no licence'),
    description: '`page` is zero-based, `pageSize` 1 to 200 (the screen asks for 20). `filter` matches the version or the couch url.',
    response: pageReply(MobileReleaseReplySchema),
  }),

  getMobileRelease: route(api.getMobileRelease, {
    scope: noLicense('mobile releases belong to no licence'),
    response: MobileReleaseReplySchema,
    answers: notFoundAnswer,
  }),

  createMobileRelease: route(api.createMobileRelease, {
    scope: noLicense('mobile releases belong to no licence'),
    description:
      'At most one release is current: a release saved as current takes the place of the current one in the ' +
      'same transaction, and the database holds it (a unique index) under concurrent saves.',
    grants: [],
    response: MobileReleaseReplySchema,
    status: 201,
    answers: { ...takenAnswer },
  }),

  updateMobileRelease: route(api.updateMobileRelease, {
    scope: noLicense('mobile releases belong to no licence'),
    description: 'Sends every field, as the edit screen does. Made current, it takes the place of the current one.',
    grants: [],
    response: MobileReleaseReplySchema,
    answers: { ...notFoundAnswer, ...takenAnswer },
  }),
};
