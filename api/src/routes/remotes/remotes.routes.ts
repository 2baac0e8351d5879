/** Release channels (issue 42): the user's remote map, the browsers' reports, and the super administrator's channel calls (remotes.handlers.ts does them). */
import { remoteChannelEndpoints as e } from 'contracts/auth/model';
import { noLicense } from '../../http/licence-scope';
import { route } from '../../http/route';

const consoleWide = noLicense('the console’s remotes belong to no licence; only super administrators change them');

export const remoteSpecs = {
  getRemoteMap: route(e.getRemoteMap, {
    scope: noLicense('the caller’s own map: their licence decides a licence pilot, nothing of another licence is read or told'),
    description:
      'The console’s host calls it once at sign-in (in parallel with the session’s other calls) and caches ' +
      'it for the session; it calls it again after a navigation to notice a promotion or rollback. A remote ' +
      'without a channel keeps the address `remotes.json` names (`version: null`). With a channel: the ' +
      'stable version’s address, or the pilot’s when the caller is in the pilot — their licence is among ' +
      'the pilot’s licences, or their bucket (sha-256 of user id, remote id and pilot version, mod 100) is ' +
      'below the pilot’s percentage: the same user gets the same version for the whole pilot, with no state ' +
      'kept per user.',
  }),

  sendRemoteReports: route(e.sendRemoteReports, {
    scope: noLicense('reports about the console’s remotes, tied only to the caller’s user id'),
    // The session's count (the throttle) is kept whatever the call answers: not in the call's transaction.
    transaction: 'own',
    status: 204,
    grants: [],
    unaudited: { why: 'reports are counted for Console health, they change no data' },
    description:
      'At most 50 reports a call and 20 calls a minute per session, counted across every server (429 with ' +
      '`Retry-After` beyond, nothing of that call kept). ' +
      'Each names the remote, its version and the kind: `load` (with `loadMs`), `load-failure` (with its ' +
      'reason in `message`), `error` (what the section’s error boundary caught: `message` and `stack`, each ' +
      'trimmed to 2,048 characters) or `page-view` (`count`, batched). `route` is the route’s template ' +
      '(`/workflow/:id`), never a path with ids. Stored with the caller’s user id, the time and the ' +
      'browser’s name and major version from User-Agent — nothing else about the person — and kept 8 days. ' +
      'Load failures also count in the `console_remote_load_failures_total` metric. Errors may roll a pilot ' +
      'back by its rule.',
    answers: { 400: 'A report that is not valid (the message says what is expected).', 429: 'More than 20 calls a minute from this session.' },
  }),

  getRemotesHealth: route(e.getRemotesHealth, {
    scope: consoleWide,
    description:
      'Console health’s release channels: per remote, its stable and pilot versions, the pilot’s licences ' +
      '(`pilotLicenseIds`, and `pilotLicenses` with each one’s name) and share, its rollback rule and last automatic rollback, its registered builds, and for each ' +
      'version with reports in the last day (stable beside pilot): users, page views, loads, load failures, ' +
      'errors, errors per 1,000 page views and the median load time, over the last hour and the last day, ' +
      'with the latest errors’ messages.',
  }),

  registerRemoteVersion: route(e.registerRemoteVersion, {
    scope: consoleWide,
    status: 201,
    grants: [],
    description:
      '`npm run release` calls it after copying the build to `/remotes/<id>/<version>/`. The build’s kernel ' +
      'range (its remote.json’s `kernel`) must be one this console’s kernel runs — the same major, at least ' +
      'its minor — or it is refused here (400), not at a user’s sign-in. Registering gives the version to ' +
      'no one: set it as the pilot, then promote it.',
    answers: { 400: 'Bad input, or a build for a kernel this console does not run.', 409: 'The version is registered already.' },
  }),

  setRemotePilot: route(e.setRemotePilot, {
    scope: noLicense('the console’s remotes belong to no licence; the pilot’s licences are only checked to exist (super administrators see every licence)'),
    grants: [],
    description:
      'Replaces the pilot (a new version draws a new sample of users). The licences must exist; at least ' +
      'one licence or a percentage above 0. `rollback`: roll back by itself when the pilot’s errors per ' +
      '1,000 page views exceed `factor` times the stable version’s, with at least `minViews` pilot page ' +
      'views (evaluated as reports arrive and every minute). Users get the change at their next navigation. ' +
      'The reply names the licences (`pilotLicenses`: id and name, in the order of `pilotLicenseIds`); the ' +
      'channel’s History (audit entity `remote-channel`, its id the remote’s) holds them by name, as they were named then.',
    answers: { 400: 'Bad input, unknown licences, no audience, or the version is the stable one.', 404: 'The version is not registered for this remote.' },
  }),

  promoteRemotePilot: route(e.promoteRemotePilot, {
    scope: consoleWide,
    grants: [],
    description:
      'The pilot becomes the stable version and the pilot ends; every user gets it at their next ' +
      'navigation. `version` must be the current pilot (a page left open on an older pilot is refused).',
    answers: { 409: 'The remote has no pilot, or another one than `version`.' },
  }),

  rollBackRemotePilot: route(e.rollBackRemotePilot, {
    scope: consoleWide,
    grants: [],
    description: 'Ends the pilot; its users get the stable version at their next navigation. `version` must be the current pilot.',
    answers: { 409: 'The remote has no pilot, or another one than `version`.' },
  }),
};
