import * as v from 'valibot';
import { fieldErrors } from 'shared/issues';
import { BarcodeLabelsBodySchema, ImportSystemBodySchema, ProjectCreateBodySchema, ProjectUpdateBodySchema } from './projects-sites.endpoints';
import { ImportMessages, ProjectMessages, SiteMessages } from './projects-sites.messages';
import { ProjectIdsBodySchema } from './projects.entities';
import { SiteBodySchema, SiteTreesBodySchema } from './sites.forms';

/** The field messages a schema gives `input`, as a form and the API show them. */
const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

describe('the project bodies', () => {
  it('require a name of at least 4 characters and a description, with the spec’s messages', () => {
    expect(errorsOf(ProjectCreateBodySchema, {})).toEqual({ name: ProjectMessages.nameRequired, description: ProjectMessages.descriptionRequired });
    expect(errorsOf(ProjectCreateBodySchema, { name: ' Abc ', description: 'Harbour' })).toEqual({ name: ProjectMessages.nameTooShort });
    expect(v.parse(ProjectCreateBodySchema, { name: ' Harbour ', description: 'East quay' })).toEqual({ name: 'Harbour', description: 'East quay' });
  });

  it('update only the fields sent', () => {
    expect(v.parse(ProjectUpdateBodySchema, { description: 'New' })).toEqual({ description: 'New' });
    expect(errorsOf(ProjectUpdateBodySchema, { name: 'abc' })).toEqual({ name: ProjectMessages.nameTooShort });
  });

  it('list at most 1000 whole project ids', () => {
    expect(errorsOf(ProjectIdsBodySchema, [1, 2])).toEqual({});
    expect(errorsOf(ProjectIdsBodySchema, ['7'])).toEqual({ '0': ProjectMessages.projectIdNumber });
    expect(errorsOf(ProjectIdsBodySchema, { projectIds: [] })).toEqual({ '': ProjectMessages.projectIds });
  });
});

describe('the site bodies', () => {
  it('refuse a blank name, special characters and more than 50 characters, and trim the name', () => {
    expect(errorsOf(SiteBodySchema, { name: '  ' })).toEqual({ name: SiteMessages.nameBlank });
    for (const name of ['Bin/1', 'A>B', 'Gate "North"', 'R&D', 'Bay\u200b2'])
      expect(errorsOf(SiteBodySchema, { name })).toEqual({ name: SiteMessages.specialCharacters });
    expect(errorsOf(SiteBodySchema, { name: 'x'.repeat(51) })).toEqual({ name: SiteMessages.tooLong });
    expect(v.parse(SiteBodySchema, { name: ' Zone F ', siteClass: 'bin', siteOpacity: 0.4 })).toEqual({ name: 'Zone F', siteClass: 'bin', siteOpacity: 0.4 });
    expect(errorsOf(SiteBodySchema, { name: 'Zone F', siteClass: 'room', borderOpacity: 1.2 })).toEqual({
      siteClass: SiteMessages.siteClass,
      borderOpacity: SiteMessages.opacity,
    });
  });

  it('refuse siblings sharing a name, in a tree and among top-level sites of one parent', () => {
    const tree = (name: string, children: string[] = []) => ({ site: { name }, children: children.map((child) => ({ site: { name: child } })) });
    expect(errorsOf(SiteTreesBodySchema, [tree('Site 1', ['Area A', 'Area B']), tree('Site 2', ['Area A'])])).toEqual({});
    expect(errorsOf(SiteTreesBodySchema, [tree('Site 1', ['Area A', ' Area A'])])).toEqual({ '0.children': SiteMessages.siblingNamesUnique });
    expect(errorsOf(SiteTreesBodySchema, [tree('Site 1'), tree('Site 1')])).toEqual({ '': SiteMessages.siblingNamesUnique });
    expect(errorsOf(SiteTreesBodySchema, [{ site: { name: 'Bin', parentId: 4 } }, { site: { name: 'Bin', parentId: 5 } }])).toEqual({});
  });

  it('print labels at 6, 8, 12 or 24 dots per millimetre, for at least one site', () => {
    const labels = { Zpl: false, Sorting: 'alphaAsc', Dpmm: 8, Barcodes: [{ Name: 'Site 1', Qty: 1 }] };
    expect(errorsOf(BarcodeLabelsBodySchema, labels)).toEqual({});
    expect(errorsOf(BarcodeLabelsBodySchema, { ...labels, Dpmm: 7, Sorting: 'byDate', Barcodes: [] })).toEqual({
      Dpmm: SiteMessages.labelsDpmm,
      Sorting: SiteMessages.labelsSorting,
      Barcodes: SiteMessages.labelsNone,
    });
  });
});

describe('the import system body', () => {
  it('requires a name and a path, with the spec’s messages', () => {
    expect(errorsOf(ImportSystemBodySchema, { displayName: ' ', active: true })).toEqual({
      displayName: ImportMessages.nameRequired,
      path: ImportMessages.pathRequired,
    });
    expect(v.parse(ImportSystemBodySchema, { displayName: 'ERP', path: '/erp' })).toEqual({ displayName: 'ERP', path: '/erp', description: '', active: true });
  });
});
