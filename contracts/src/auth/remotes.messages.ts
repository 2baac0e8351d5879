/**
 * Release channels (issue 42, ours: the spec is silent): the texts the health page's channel
 * controls, the API's refusals and the intake's messages share.
 */
export const RemoteChannelMessages = {
  remoteId: 'A remote id is lower-case words joined by hyphens (workflows, projects-sites).',
  version: 'A version is 1 to 40 letters, digits, dots, hyphens, underscores or plus signs (1.5.0, 1.5.0-pilot.2).',
  entry: 'The address of the build’s mf-manifest.json: a path on this server (/remotes/workflows/1.5.0/mf-manifest.json) or an https:// URL.',
  kernel: 'The kernel range the build was built for (^4.0.0), from its remote.json.',
  kernelRefused: (remoteId: string, version: string, problem: string) => `${remoteId} ${version} cannot be registered: it is ${problem}.`,
  versionTaken: (remoteId: string, version: string) => `${remoteId} ${version} is registered already; a build gets a new version.`,
  unknownVersion: (remoteId: string, version: string) => `${remoteId} ${version} is not registered: register the build first (npm run release).`,
  percent: 'The share of users is a whole number from 0 to 100.',
  licenseIds: 'Choose licences that exist.',
  noAudience: 'Give the pilot to at least one licence or a share of users above 0.',
  pilotIsStable: (version: string) => `${version} is the stable version already.`,
  rollbackFactor: 'The rule’s factor is a number from 1 to 100.',
  rollbackMinViews: 'The rule’s least number of page views is a whole number from 1 to 1,000,000.',
  noPilot: (remoteId: string) => `${remoteId} has no pilot.`,
  notThePilot: (remoteId: string, version: string) => `${version} is no longer ${remoteId}’s pilot: reload the page.`,
  reportsBody: 'Send { reports: [...] }, at most 50 reports, each with remote, version and kind (load, load-failure, error, page-view).',
  tooManyReports: 'Too many reports from this session: try again in a minute.',
  /** The health page's confirmations. */
  promoteQuestion: (remoteId: string, version: string, users: number) =>
    `Promote ${remoteId} ${version} to stable? ${users === 1 ? '1 user on the stable version in the last day moves' : `${users} users on the stable version in the last day move`} ` +
    `to it at their next navigation.`,
  rollbackQuestion: (remoteId: string, version: string, users: number) =>
    `Roll back ${remoteId} ${version}? ${users === 1 ? '1 user on the pilot in the last day goes' : `${users} users on the pilot in the last day go`} ` +
    `back to the stable version at their next navigation.`,
  /** The pilot dialog's messages: no version chosen, its success, and what it says when the remote has no build to give. */
  chooseVersion: 'Choose the version to give as the pilot.',
  pilotStarted: (remoteId: string, version: string) => `${remoteId} ${version} is the pilot now.`,
  noBuildToPilot: (remoteId: string) =>
    `${remoteId} has no registered build other than its stable version. Publish one with npm run release -- ${remoteId}, then start its pilot here.`,
  promoted: (remoteId: string, version: string) => `${remoteId} ${version} is stable now.`,
  rolledBack: (remoteId: string, version: string) => `${remoteId} ${version} is rolled back.`,
  autoRolledBack: (version: string, reason: string) => `${version} was rolled back automatically: ${reason}`,
  /** The version banner's addition: the section whose version changed. */
  sectionChanged: (sections: readonly string[]) => `(${sections.join(', ')})`,
  pilotMark: 'Pilot',
} as const;
