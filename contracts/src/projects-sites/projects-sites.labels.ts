/**
 * The project and site entities' fields as the screens name them (spec 1: project forms, site
 * edit, import systems, configs): the words a History uses for each field an entry changed.
 */

/** A project's fields (New project, the project modal, default storage). */
export const ProjectFieldLabels = {
  name: 'Project Name',
  description: 'Description',
  licenseId: 'License',
  environmentId: 'Environment',
  parentProjectId: 'Parent Project',
  isActive: 'Active',
  removedFrom: 'Users and API keys removed',
  defaultStorage: 'Default storage location',
} as const;

/** A site's fields (the site editor and its map). */
export const SiteFieldLabels = {
  name: 'Name',
  parentId: 'Parent site',
  depth: 'Depth',
  active: 'Active',
  siteClass: 'Class',
  siteType: 'Site types',
  siteColor: 'Site colour',
  borderColor: 'Border colour',
  borderOpacity: 'Border opacity',
  siteOpacity: 'Site opacity',
  location: 'Zone',
  properties: 'Properties',
  copiedFrom: 'Copied from site',
} as const;

/** An import system's fields (spec 1: Name, Project Id, Path, Description, Is Internal, Active). */
export const ImportSystemFieldLabels = {
  configId: 'Id',
  displayName: 'Name',
  projectId: 'Project Id',
  path: 'Path',
  description: 'Description',
  isInternal: 'Is Internal',
  active: 'Active',
} as const;

/** A config's fields (its name and its document). */
export const ConfigFieldLabels = {
  name: 'Config',
  data: 'Configuration',
} as const;
