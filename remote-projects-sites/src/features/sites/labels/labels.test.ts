import { site } from '../sites.testing';
import { activeFirst, base64Bytes, DEFAULT_CHOICES, labelsBody, labelsScope, MOBILE_MAX_ZPL_SIZE, mobileAppUrl, sitesOf } from './labels';

const yard = site(10, 'Yard', [site(11, 'Rack B', [site(12, 'Bin 1'), site(13, 'Bin 2', [], { active: false })]), site(14, 'Rack A', [site(15, 'Bin 1')])]);
const dock = site(20, 'Dock', [], { active: false });

const names = (body: { Barcodes: { Name: string }[] }) => body.Barcodes.map((label) => label.Name);

describe('barcode labels', () => {
  it('covers the top-level sites and every descendant, depth first, one label per site (a name under two parents twice)', () => {
    expect(sitesOf([yard]).map((s) => s.siteId)).toEqual([10, 11, 12, 13, 14, 15]);
    const body = labelsBody([yard], { ...DEFAULT_CHOICES, sorting: 'alphaAsc' }, false);
    expect(names(body)).toEqual(['Yard', 'Rack B', 'Bin 1', 'Bin 2', 'Rack A', 'Bin 1']);
    expect(body.Barcodes.every((label) => label.Qty === 1)).toBe(true);
    expect(body.Sorting).toBe('alphaAsc');
  });

  it('sends active sites first for Active first (the API keeps that order), archived ones after, each in the tree’s order', () => {
    expect(activeFirst(sitesOf([dock, yard])).map((s) => s.name)).toEqual(['Yard', 'Rack B', 'Bin 1', 'Rack A', 'Bin 1', 'Dock', 'Bin 2']);
    const body = labelsBody([dock, yard], DEFAULT_CHOICES, false);
    expect(body.Sorting).toBe('active');
    expect(names(body)).toEqual(['Yard', 'Rack B', 'Bin 1', 'Rack A', 'Bin 1', 'Dock', 'Bin 2']);
    // Name Z→A leaves the order to the API.
    expect(names(labelsBody([dock, yard], { ...DEFAULT_CHOICES, sorting: 'alphaDesc' }, false))[0]).toBe('Dock');
  });

  it('asks a PDF of the page size on a desktop, ZPL of the DPMM and label size for a label printer, no size limit', () => {
    expect(labelsBody([yard], { ...DEFAULT_CHOICES, page: 'Letter' }, false)).toMatchObject({ Zpl: false, Size: 'Letter', Dpmm: 8 });
    const zpl = labelsBody([yard], { ...DEFAULT_CHOICES, output: 'zpl', dpmm: 12, size: '3x1' }, false);
    expect(zpl).toMatchObject({ Zpl: true, Dpmm: 12, Size: '3x1' });
    expect(zpl).not.toHaveProperty('MaxZplSize');
  });

  it('asks ZPL on a phone, whatever the output, with the mobile limit 2147483647', () => {
    const body = labelsBody([yard], { ...DEFAULT_CHOICES, output: 'pdf', dpmm: 24 }, true);
    expect(body).toMatchObject({ Zpl: true, Dpmm: 24, Size: '4x2', MaxZplSize: MOBILE_MAX_ZPL_SIZE });
    expect(MOBILE_MAX_ZPL_SIZE).toBe(2147483647);
  });

  it('links the mobile app with the base64 ZPL URL-encoded as data', () => {
    expect(mobileAppUrl('XlhB+/a=')).toBe('ssmobilestandard:?data=XlhB%2B%2Fa%3D');
  });

  it('decodes the PDF’s base64 to its bytes', () => {
    expect(Array.from(base64Bytes(btoa('%PDF-1.7')))).toEqual(Array.from('%PDF-1.7', (c) => c.charCodeAt(0)));
  });

  it('says what a print covers', () => {
    expect(labelsScope([yard], true, '')).toBe('6 labels, one per site: Yard and its 5 child sites.');
    expect(labelsScope([dock], true, '')).toBe('1 label, one per site: Dock.');
    expect(labelsScope([yard, dock], false, '')).toBe('7 labels, one per site: every top-level site the tab shows and their child sites.');
    expect(labelsScope([yard], false, 'ya')).toBe('6 labels, one per site: the top-level sites matching “ya” and their child sites.');
  });
});
