/**
 * The spec's messages of this area, word for word: the texts users see. The console and the
 * API both take them from here, so a form and the server say the same thing. Messages the
 * spec leaves open are ours and marked so.
 */

/** The API's answers to a bad path or query parameter (api/src/http/params.ts). */
export const ParamMessages = {
  page: 'page must be a whole number from 0.',
  pageSize: (max: number) => `pageSize must be a whole number from 1 to ${max}.`,
  filter: 'filter may be at most 200 characters.',
  licenseId: 'licenseId must be a licence id.',
  flag: (name: string) => `${name} must be true or false.`,
  dir: 'dir must be asc or desc.',
  sort: (allowed: readonly string[]) => `sort must be one of ${allowed.join(', ')}.`,
  /** Ours: the audit trail's filters. */
  subject:
    'subject must be a kind and an id, such as user:5 (kinds: user, user-group, api-key, license, ' +
    'mobile-release, project, config, site, workflow, preservation).',
  entity: 'entity must be a kind of entry, such as user or api-key-roles.',
  entityId: 'entityId must be an entry’s id: letters, digits, dots, dashes or underscores, at most 40.',
  actor: 'actor may be at most 100 characters.',
  date: (name: string) => `${name} must be a date (ISO 8601, such as 2026-11-23 or 2026-11-23T10:00:00Z).`,
} as const;

export const GenericMessages = {
  invalidBody: 'The request is not valid.',
  /** A call whose body is a file's text (a CSV import) sent as another type. */
  bodyType: (type: string) => `Send the body as ${type}.`,
  nulCharacter: 'A value contains a character that is not allowed (NUL).',
  /** A name-like text holding an invisible or control character (a line break, a tab, a direction override): one rule for every such text. */
  invisible: (what: string) => `${what} cannot contain invisible or control characters (line breaks, tabs or direction marks).`,
  /** A JSON body nested deeper than the API reads (JSON_MAX_DEPTH). */
  tooDeep: (depth: number) => `The request is nested too deeply: at most ${depth} levels of objects and lists.`,
  /** A body that is a list where the call takes one object, or the other way round. */
  bodyShape: (shape: 'an object' | 'a list') => `Send the body as ${shape}.`,
  invalidValue: 'A value is not valid.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  databaseUnavailable: 'The database is not answering. Try again in a moment.',
  unexpected: 'Something went wrong. Please try again.',
  sectionUnavailable: 'This section is unavailable right now.',
  retry: 'Retry',
  reload: 'Reload',
} as const;
