/**
 * Path builders for every screen of the spec. Remotes never import each other; a link into
 * another remote's screen is built here.
 */
const e = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: () => '/',
  login: () => '/login',
  twoFactor: (token: string) => `/login/2fa/${e(token)}`,
  passwordRecovery: () => '/password/recovery',
  passwordReset: () => '/users/password/reset',
  environments: () => '/environments',
  identity: {
    users: () => '/users',
    user: (name: string) => `/users/${e(name)}/view`,
    newUser: () => '/users/new',
    duplicateUser: (name: string) => `/users/${e(name)}/duplicate`,
    userGroup: (id: number) => `/users/userGroup/${e(id)}`,
    newUserGroup: (fromUser?: string) => (fromUser ? `/userGroups/new/${e(fromUser)}` : '/userGroups/new'),
    apiKeys: () => '/apikeys',
    apiKey: (id: number) => `/apikeys/${e(id)}/view`,
    newApiKey: () => '/apikeys/new',
  },
  licensing: {
    licenses: () => '/license/list',
    license: (id: number) => `/license/${e(id)}/view`,
    editLicense: (id: number) => `/license/${e(id)}/edit`,
    newLicense: () => '/license/new',
    settings: (id: number) => `/license/${e(id)}/settings`,
    reportGroups: () => '/reports',
  },
  projectsSites: {
    projects: () => '/projects',
    project: (id: number) => `/projects/${e(id)}/view`,
    newProject: () => '/projects/new',
    site: (projectId: number, siteId: number) => `/projects/${e(projectId)}/site/${e(siteId)}`,
    imports: () => '/imports',
    integrationReports: () => '/integration',
  },
  workflows: {
    workflows: () => '/workflow',
    workflow: (projectId: number, id: number) => `/workflow/${e(projectId)}/${e(id)}/view`,
    newWorkflow: () => '/workflow/new',
    preservations: () => '/preservations',
    preservation: (projectId: number, id: number) => `/preservation/${e(projectId)}/${e(id)}/view`,
  },
} as const;
