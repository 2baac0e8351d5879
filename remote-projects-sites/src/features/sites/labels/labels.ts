/**
 * Barcode labels of sites (spec 1 §2, spec 2 §9: POST list/labels): which sites a print covers,
 * the body the call gets, the files it saves and the mobile app's link. No React here.
 *
 * Decided here, where the spec says no more:
 * - A print covers the sites the Sites tab shows: 'Download Site Barcodes' every top-level site
 *   the tab lists (those matching its filter; archived ones only with Show Archived Sites on)
 *   with all their descendants the tab shows; a card's Print that top-level site and its
 *   descendants. One label per site (Qty 1), so a name that appears under several parents
 *   (Bin 1) prints once for each.
 * - 'Active first' sends the sites in the tree's order (depth first, as the cards read), active
 *   ones before archived ones: the API keeps the order it is sent for `Sorting: 'active'`.
 *   Name A→Z and Z→A are sorted by the API.
 * - The PDF's page is A4 or Letter (the API's `Size` for a PDF); ZPL labels are `WxH` inches.
 */
import type { Site } from 'contracts/projects-sites';

/** Spec 2 constants. */
export const LABELS_PDF_FILE = 'site barcodes.pdf';
/** Ours: the ZPL a desktop saves for a label printer. */
export const LABELS_ZPL_FILE = 'site barcodes.zpl';
export const LABEL_QTY = 1;
export const MOBILE_MAX_ZPL_SIZE = 2_147_483_647;
export const MOBILE_APP_DETECTION_MS = 2000;
export const MOBILE_SCHEME = 'ssmobilestandard:';

export type LabelOutput = 'pdf' | 'zpl';
export type LabelSorting = 'active' | 'alphaAsc' | 'alphaDesc';
export type LabelDpmm = 6 | 8 | 12 | 24;
export type PdfPage = 'A4' | 'Letter';

export const OUTPUT_OPTIONS: { value: LabelOutput; label: string }[] = [
  { value: 'pdf', label: 'PDF (desktop)' },
  { value: 'zpl', label: 'Label printer (ZPL)' },
];

export const SORTING_OPTIONS: { value: LabelSorting; label: string }[] = [
  { value: 'active', label: 'Active first' },
  { value: 'alphaAsc', label: 'Name A→Z' },
  { value: 'alphaDesc', label: 'Name Z→A' },
];

/** Dots per millimetre, with the printer resolution people know them by. */
export const DPMM_OPTIONS: { value: LabelDpmm; label: string }[] = [
  { value: 6, label: '6 dots/mm (152 dpi)' },
  { value: 8, label: '8 dots/mm (203 dpi)' },
  { value: 12, label: '12 dots/mm (300 dpi)' },
  { value: 24, label: '24 dots/mm (600 dpi)' },
];

/** Common label stock, width × height in inches (the API's `WxH`; 4x2 its default). */
export const LABEL_SIZES = ['4x2', '4x3', '4x6', '3x2', '3x1', '2x1', '2.25x1.25'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
export const LABEL_SIZE_OPTIONS = LABEL_SIZES.map((size) => ({ value: size, label: `${size.replace('x', ' × ')} in` }));

export const PAGE_OPTIONS: { value: PdfPage; label: string }[] = [
  { value: 'A4', label: 'A4' },
  { value: 'Letter', label: 'Letter' },
];

/** What the print dialog asks. */
export interface LabelChoices {
  output: LabelOutput;
  sorting: LabelSorting;
  dpmm: LabelDpmm;
  size: LabelSize;
  page: PdfPage;
}

export const DEFAULT_CHOICES: LabelChoices = { output: 'pdf', sorting: 'active', dpmm: 8, size: '4x2', page: 'A4' };

/** Every site of `tops` and their descendants, depth first in the tree's order. */
export function sitesOf(tops: readonly Site[]): Site[] {
  const out: Site[] = [];
  const walk = (list: readonly Site[]) => {
    for (const site of list) {
      out.push(site);
      walk(site.children);
    }
  };
  walk(tops);
  return out;
}

/** The sites in the order 'Active first' sends them: active ones, then archived ones, each in the tree's order. */
export function activeFirst(sites: readonly Site[]): Site[] {
  return [...sites.filter((site) => site.active), ...sites.filter((site) => !site.active)];
}

/** The body of POST list/labels as the call takes it. */
export interface LabelsBody {
  Zpl: boolean;
  Sorting: LabelSorting;
  Dpmm: LabelDpmm;
  Size: string;
  Barcodes: { Name: string; Qty: number }[];
  MaxZplSize?: number;
}

/**
 * The labels of `tops` and their descendants, one per site: ZPL on a phone (for the mobile app,
 * at most MOBILE_MAX_ZPL_SIZE bytes) or when asked, else the PDF; no size limit on a desktop.
 */
export function labelsBody(tops: readonly Site[], choices: LabelChoices, phone: boolean): LabelsBody {
  const zpl = phone || choices.output === 'zpl';
  const sites = sitesOf(tops);
  const ordered = choices.sorting === 'active' ? activeFirst(sites) : sites;
  return {
    Zpl: zpl,
    Sorting: choices.sorting,
    // The API asks a Dpmm of every call; a PDF does not use it.
    Dpmm: choices.dpmm,
    Size: zpl ? choices.size : choices.page,
    Barcodes: ordered.map((site) => ({ Name: site.name, Qty: LABEL_QTY })),
    ...(phone ? { MaxZplSize: MOBILE_MAX_ZPL_SIZE } : {}),
  };
}

/** The mobile app's link with the labels: base64 ZPL, URL-encoded, as its `data` parameter. */
export function mobileAppUrl(base64Zpl: string): string {
  return `${MOBILE_SCHEME}?data=${encodeURIComponent(base64Zpl)}`;
}

/** The bytes of base64 text (the PDF the API answers). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** How the dialog says what a print covers. */
export function labelsScope(tops: readonly Site[], card: boolean, filter: string): string {
  const count = sitesOf(tops).length;
  const labels = count === 1 ? '1 label' : `${count} labels`;
  if (card && tops[0]) {
    const below = count - 1;
    return `${labels}, one per site: ${tops[0].name}${below === 0 ? '' : ` and its ${below === 1 ? 'child site' : `${below} child sites`}`}.`;
  }
  const which = filter ? `the top-level sites matching “${filter}”` : 'every top-level site the tab shows';
  return `${labels}, one per site: ${which} and their child sites.`;
}
