/**
 * The spec's messages of this area, word for word: the texts users see. The console and the
 * API both take them from here, so a form and the server say the same thing. Messages the
 * spec leaves open are ours and marked so.
 */

import { GenericMessages } from '../common/common.messages';

export const ImportMessages = {
  nameRequired: 'Please enter a name for the import system.',
  pathRequired: 'Please enter a path for the import system.',
  duplicateName: 'Project already contains an import system with this name. Please select a different name.',
  copyNameRequired: 'Please enter a display name for import system.',
  copyDuplicateName: 'Project already has an import system with that name. Please select a new name.',
  fetchOneFailed: 'Failed to fetch import system.',
  fetchFailed: 'Failed to fetch imports.',
  pathsFailed: 'Failed to fetch import paths.',
  userImportsFailed: 'Failed to fetch imports for user.',
  projectImportsFailed: 'Failed to fetch imports for project.',
  reportFailed: 'Failed to fetch integration report.',
  reportsFailed: 'Failed to fetch integration reports.',
  saveImportsFailed: 'Failed to save imports.',
  saveFailed: 'Failed to save import system.',
  importsSaved: 'Imports saved.',
  saved: 'Import system saved.',
  noUserImports: 'No Imports assigned to this user.',
  /** Ours: the import form's bounds and the list's filter. */
  nameTooLong: 'An import system name has at most 100 characters.',
  pathTooLong: 'An import path has at most 500 characters.',
  descriptionTooLong: 'A description has at most 1000 characters.',
  nameInvisible: GenericMessages.invisible('An import system name'),
  pathInvisible: GenericMessages.invisible('An import path'),
  descriptionInvisible: GenericMessages.invisible('A description'),
  projectId: 'projectId must be a project id.',
  reportRef: 'An integration reference is a GUID.',
  /** Ours: where an import system goes (spec 1 §2: the view shows its project read-only). */
  inactiveProject: 'Import systems cannot be added to an inactive project.',
  projectMismatch: 'projectId must be the project in the path.',
  projectFixed: 'The project of an import system cannot change.',
  /** Ours: the integration report list is read for one project (spec 1 §2). */
  reportProjectRequired: 'Choose a project to list its integration reports.',
  /** Ours: a report's data link is a path on the platform, and the project's environment names no platform server to open it on. */
  dataViewElsewhere: 'A path on the platform: the project’s environment names no platform server to open it on here.',
} as const;

export const ProjectMessages = {
  nameRequired: 'Please enter a project name.',
  nameTooShort: 'Project Name must be at least 4 characters.',
  descriptionRequired: 'Please enter a description.',
  fetchFailed: 'Failed to fetch projects',
  loadFailed: 'Could not load projects',
  /** Ours: the list's Export CSV failed. */
  exportFailed: 'Failed to export projects.',
  saveFailed: 'Save failed',
  addFailed: 'Failed to add project',
  reactivateFailed: 'Failed to reactivate project',
  deactivateFailed: 'Failed to deactivate project',
  added: 'Project added',
  activated: 'Project activated',
  deactivated: 'Project deactivated',
  infoSaved: 'Project info saved',
  /** Ours: a link to the project view whose hash names no tab (issue 36: it opens on Sites and says so). */
  unknownTab: (hash: string) => `This project has no tab called “${hash}”: it opens on Sites, its first tab.`,
  unknownTabNothingLost: 'Nothing is lost: every tab is still here, above.',
  deactivateWarning: 'Deactivating this project removes all assigned users and API keys. This is not reversible.',
  defaultStorageFailed: 'Failed to fetch default storage location',
  defaultStorageUpdateFailed: 'Unable to update default storage location',
  defaultStorageUpdated: 'Default storage location updated',
  /** Ours: the default storage location must be one of the project's active sites. */
  defaultStorageSite: 'Choose an active site of this project.',
  copyConfigWarning: 'Copying a configuration will overwrite existing configuration of the same type.',
  copyConfigOverwrite: 'This configuration already exists. Would you like to overwrite?',
  noNewConfigurations: 'No new configurations',
  customIntegrationConfigs: 'The following project configs require custom integration logic to have an effect.',
  /** Ours: the project form's bounds. */
  nameTooLong: 'A project name has at most 100 characters.',
  nameInvisible: 'A project name cannot contain invisible or control characters.',
  /** Ours: what the API answers beyond the spec's texts. */
  nameTaken: 'The license already has a project with this name.',
  projectLimit: (max: number) => `The license allows at most ${max} active ${max === 1 ? 'project' : 'projects'}.`,
  environmentUnknown: 'Choose one of the license’s environments.',
  parentUnknown: 'The parent project must be a project of the same license.',
  parentCycle: 'A project cannot be its own parent or the parent of one of its parents.',
  licenseFixed: 'A project cannot move to another license.',
  /** Ours: a super administrator names the new project's licence (issue 36: none is chosen for them). */
  licenseRequired: 'Please select a license.',
  descriptionTooLong: 'A description has at most 1000 characters.',
  /** Ours: a list of project ids as a body. */
  projectIds: 'Send a list of project ids.',
  projectIdsTooMany: (max: number) => `Send at most ${max} project ids.`,
  projectIdNumber: 'Each project id must be a number.',
  projectIdWhole: 'Each project id must be a whole number.',
  projectIdNegative: 'A project id cannot be negative.',
  projectIdRange: 'A project id is out of range.',
} as const;

export const SiteMessages = {
  nameBlank: 'Name can not be blank',
  specialCharacters: 'Site names cannot have special characters.',
  tooLong: 'Site names cannot have more than 50 characters.',
  siblingsSameName: "Siblings can't have the same name.",
  siblingNamesUnique: 'Site sibling names must be unique.',
  invalidSave: 'The site name is invalid. Please correct the errors and try again.',
  bulkEmpty: 'Please enter some sites to build.',
  unarchivePermission: 'Some of the sites you are copying are archived. Continuing will unarchive the site.',
  mobileAppMissing: 'SiteSense mobile App is not installed.',
  fetchFailed: 'Failed to fetch sites',
  labelsFailed: 'Failed to get site barcode labels',
  labelsProduceFailed: 'Failed to produce barcode labels.',
  hierarchyFailed: 'Site hierarchy failed to save',
  saveFailed: 'Failed to save site',
  treeFailed: 'Failed to add site tree',
  saved: 'Site saved',
  hierarchySaved: 'Site hierarchy saved',
  hierarchiesSaved: 'Hierarchies saved.',
  hierarchiesFailed: 'Some/all hierarchies failed to save. Please try again.',
  added: 'Added site to the project',
  geoZonesDepth: 'GeoZones are unavailable for sites deeper than 3 layers.',
  /** Ours: what the spec leaves open about a site sent to be saved. */
  siteClass: 'A site class is area, warehouse, bin, muster or site.',
  locationTooLarge: 'The location is too large: at most 12 levels deep and 200,000 characters.',
  opacity: 'Opacity is a number from 0 to 1.',
  colorTooLong: 'A colour has at most 50 characters.',
  overlays: 'Overlays are at most 100 of { name, url }.',
  userProperties: 'Properties are at most 200 of { value, type } by name.',
  /** Ours: barcode labels (spec 2 §9). */
  labelsSorting: 'Sorting is active, alphaAsc or alphaDesc.',
  labelsDpmm: 'Dpmm is 6, 8, 12 or 24.',
  labelsNone: 'Choose at least one site to print.',
  labelsQty: 'Qty is a whole number from 1 to 1000.',
  labelsSize: 'Size is the label’s width and height in inches (4x2) for ZPL, or the page (A4 or Letter) for the PDF.',
  labelsTooLarge: (size: number, max: number) => `The labels are ${size} bytes of ZPL, more than the ${max} allowed.`,
  labelsTooMany: (max: number) => `A PDF holds at most ${max} labels.`,
  labelsNotInPdfFont: (name: string, characters: string) =>
    `The label of ${name} cannot be printed in the PDF: its font has no ${characters}. Print the labels ` +
    `as ZPL, or rename the site with Latin letters (accented ones print).`,
  /** Ours: what the API refuses about where a site goes and what it holds (spec 1 §4, §5). */
  /** Ours: spec 1 §4, an inactive project takes nothing new until activated (as import systems). */
  inactiveProject: 'Sites cannot be added to an inactive project.',
  parentNotInProject: 'The parent must be a site of the same project.',
  parentArchived: 'Sites cannot be added or moved under an archived site.',
  moveUnderItself: 'A site cannot move under itself or one of its own child sites.',
  moveInHierarchy: 'A site moves in the hierarchy editor, not here.',
  /** Ours: moving a site in the hierarchy editor (issue 36), by drag and drop or by keyboard. */
  moveTop: 'The top site of this hierarchy stays where it is: open the hierarchy of the site above to move it.',
  moveNoSiteAbove: 'There is no site above it to move it under.',
  moveTopLevel: 'It is right under the top site of this hierarchy already: it cannot move further out here.',
  moveFirst: 'It is the first of its siblings already.',
  moveLast: 'It is the last of its siblings already.',
  moveHelp:
    'To move a site with everything under it, drag its handle onto the site to put it under, or focus the ' +
    'handle and press the right arrow to put it under the site above, the left arrow to move it out ' +
    'beside its parent, and the up and down arrows to change its place among its siblings. Moves are ' +
    'saved with the rest.',
  moved: (name: string, path: string) => `${name} moved under ${path}.`,
  movedAmong: (name: string, position: number, count: number) => `${name} is now ${position} of ${count} among its siblings.`,
  moveRefused: (name: string, why: string) => `${name} was not moved: ${why}`,
  projectMismatch: 'projectId must be the project in the path.',
  siteMismatch: 'siteId must be the site in the path.',
  newSiteHasId: 'New sites have no siteId: existing sites are saved with PUT.',
  siteNotInProject: (siteId: number) => `Site ${siteId} is not a site of this project.`,
  siteRepeated: (siteId: number) => `Site ${siteId} is sent more than once.`,
  location: 'A location is a GeoJSON geometry (an object) of at most 100 KB, or null.',
  unarchiveParentFirst: 'The parent site is archived: unarchive it first.',
  copyArchived: 'Only active sites are copied.',
  copyOtherLicense: 'Sites are copied only between projects of one license.',
  /** Ours: the site screens (issue 27) where the spec gives no text. */
  noSites: 'This project has no sites yet. Add one, or several at once with Bulk Add Sites.',
  archived: 'Site archived',
  unarchived: 'Site unarchived',
  archiveFailed: 'Failed to archive site',
  unarchiveFailed: 'Failed to unarchive site',
  archiveChildren: 'All of its child sites are archived too.',
  addedMany: (count: number) => `Added ${count} sites to the project`,
  bulkNothingNew: 'Every site in these lines exists already: there is nothing to create.',
  bulkTooMany: (max: number) => `At most ${max} sites can be created at once.`,
  copied: 'Sites copied to the project',
  copyFailed: 'Failed to copy site',
  cannotCopy: 'This site cannot be copied into this project.',
  propertyNameBlank: 'A property needs a key.',
  propertyNamesRepeat: 'Property keys must differ.',
  overlayIncomplete: 'An overlay needs a name and a link.',
  /** Ours: the site map's GeoZone editor (issue 27). */
  mapNoBaseMap: 'No base map is configured: zones are drawn on a plain background.',
  mapArchived: 'This site is archived: unarchive it to change its zone.',
  mapNotPolygon: 'The saved location is not a polygon, so it is not drawn: a zone drawn here replaces it.',
  mapZoneTooSmall: 'A zone needs at least three points.',
  /** Ours: the header's site search (issue 27: Sites in the header). */
  searchTooShort: 'Type at least 2 characters to search sites.',
  searchTooLong: 'A site search has at most 50 characters.',
  searchFailed: 'Failed to search sites',
  searchEmpty: 'Type at least 2 characters of a site’s name to find it in every project you can see.',
  searchNoMatch: 'No site matches.',
  /** Ours: a project's site hierarchy as CSV, exported and imported back (issue 27, beyond the spec). */
  csvExportFailed: 'Failed to export sites',
  csvImportFailed: 'Failed to import sites',
  csvTooLarge: 'A site file is at most 2 MB.',
  csvNotText: 'Send the file as text/csv.',
  csvEmpty: 'The file is empty: it needs a header row (siteId, parentId, path, name, active, siteClass) and a row per site.',
  csvNoName: 'The header row needs a name or a path column.',
  csvUnknownColumn: (column: string) => `Unknown column ${column}: the columns are siteId, parentId, path, name, active and siteClass.`,
  csvRepeatedColumn: (column: string) => `The column ${column} is in the header row twice.`,
  csvUnclosedQuote: (line: number) => `Line ${line}: a quoted cell is not closed.`,
  csvTooManyRows: (max: number) =>
    `A site file holds at most ${max.toLocaleString('en-US')} sites: import a larger one in parts (the sites a file leaves out stay as they are).`,
  csvSiteId: 'siteId must be a site id (or empty for a new site).',
  csvParentId: 'parentId must be a site id (or empty).',
  csvSiteRepeated: (siteId: number, line: number) => `Site ${siteId} is on line ${line} too.`,
  csvParentNotInProject: (parentId: number) => `parentId ${parentId} is not a site of this project.`,
  csvParentUnknown: (path: string) => `No site at ${path}: add a row for it, or correct the path.`,
  csvParentRowProblem: (line: number) => `The row of its parent site (line ${line}) has a problem.`,
  csvSiblingsSameName: (name: string, line: number) => `Siblings can't have the same name: ${name} is on line ${line} too.`,
  csvStateNotImported: 'An import changes names and places only: active and siteClass of an existing site stay as they are, and a new site is created active.',
  csvHasProblems: 'The file has problems: nothing was imported.',
  csvRowProblems: 'These rows cannot be imported, and nothing is until each is corrected:',
  csvHowTo:
    'Choose a file as Export CSV writes it, edited in a spreadsheet: a row with a siteId renames or moves ' +
    'that site, a row without one adds a site (placed by parentId, or by its path). Nothing is deleted. ' +
    'You see what the file does before anything is saved.',
  csvNotInFile: (count: number) =>
    count === 0
      ? 'Every site of the project is in the file.'
      : `${count.toLocaleString('en-US')} ${count === 1 ? 'site' : 'sites'} of the project ${count === 1 ? 'is' : 'are'} ` +
        `not in the file: an import deletes nothing, so ${count === 1 ? 'it stays' : 'they stay'} as ` +
        `${count === 1 ? 'it is' : 'they are'}.`,
  csvNothingToChange: 'The file changes nothing.',
  csvImported: (created: number, renamed: number, moved: number) => `Sites imported: ${created} new, ${renamed} renamed, ${moved} moved.`,
} as const;

export function siteExists(name: string): string {
  return `Site with name ${name} already exists`;
}

export const NumberingMessages = {
  fetchFailed: 'Failed to fetch document numbering.',
  setFailed: 'Failed to set document numbering.',
  updated: 'Document numbering updated.',
  failedFor: 'Failed to update document numbering for the following document types:',
  refreshQuestion: 'Do you want to refresh document numberings?',
  /** Ours: a number sent to be saved. */
  nextNumber: 'A next number is a whole number from 0.',
  /** Ours: a row naming a document type the project does not number. */
  unknownType: (type: string) => `The project has no document numbering for ${type}.`,
  /** Ours: one document type sent twice. */
  repeatedType: (type: string) => `${type} is sent more than once.`,
} as const;
