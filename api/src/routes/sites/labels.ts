/**
 * Barcode labels of sites (POST list/labels, spec 2 §9): ZPL for a label printer, or the PDF
 * the console saves as 'site barcodes.pdf'. Each label carries the site's name as text and as a
 * barcode: in ZPL the printer draws it (`^BC`, `^BQ`); in the PDF, bwip-js (a maintained
 * implementation of the symbologies, so the bars scan) encodes it and pdf-lib draws it: a Code 128
 * as filled rectangles, one per bar (vector: sharp at any printer's resolution, and 1,000 labels in
 * a fraction of the time an image each took), a QR code as the image bwip-js renders.
 *
 * Decided here, where the spec says no more:
 * - `Sorting: 'active'` keeps the order sent: a label carries only a name and a quantity, and a
 *   name does not identify a site (Bin 1 is under many rows), so the console, which knows the
 *   sites, sends them as its tab shows them (active first). alphaAsc and alphaDesc sort by name
 *   as a person reads it (any case, Bin 2 before Bin 10).
 * - The barcode is Code 128 for a name in printable ASCII (what every scanner reads as the same
 *   text), and a QR code of the name's UTF-8 for any other ('Bâtiment A', '東棟 1'): a site is
 *   named in its people's language, and its label must print and scan as that name (issue 36).
 *   ZPL declares UTF-8 (`^CI28`) and the printer draws the name with its own font. The PDF
 *   draws the name in Helvetica, which has the Latin letters with their accents (WinAnsi); a
 *   name with a letter beyond it answers `Success: false` naming the site, the letters and what
 *   to do (print ZPL, or rename), rather than a label whose text is wrong. Embedding a font
 *   with every script is a new dependency (fontkit and a font file), left for when it is asked.
 * - ZPL: `Size` is the label, `WxH` in inches (default 4x2); one `^XA … ^XZ` per name with
 *   `^PQ` copies. PDF: `Size` is the page, A4 (default) or Letter; a grid of 2 × 8 labels per
 *   page, each label repeated `Qty` times.
 */
import bwipjs from 'bwip-js/node';
import {
  fill,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
  StandardFonts,
} from 'pdf-lib';
import type * as v from 'valibot';
import { type BarcodeLabelsBodySchema, SiteMessages } from 'contracts/projects-sites/model';
import { badRequest } from '../../http/errors';

export type LabelsBody = v.InferOutput<typeof BarcodeLabelsBodySchema>;
export type Label = LabelsBody['Barcodes'][number];
export interface LabelsReply {
  Success: boolean;
  Error: string | null;
  Data: string | null;
}

/** The most labels (names × copies) one PDF holds. */
export const MAX_PDF_LABELS = 10_000;

/** What Code 128 writes as the same text everywhere: printable ASCII. Anything else is a QR code. */
const CODE128_TEXT = /^[\x20-\x7e]+$/;

/** Whether `name`'s barcode is Code 128 (else a QR code of its UTF-8). */
export const isCode128 = (name: string) => CODE128_TEXT.test(name);

/** QR code capacities in bytes at error correction Q, versions 1 to 10 (ISO/IEC 18004 table 7); a site name is at most 50 characters, 200 bytes. */
const QR_Q_BYTES = [11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203];

/** Modules across the QR code of `text` (UTF-8, level Q): 17 + 4 per version. */
export function qrModules(text: string): number {
  const bytes = Buffer.byteLength(text, 'utf8');
  const version = QR_Q_BYTES.findIndex((capacity) => capacity >= bytes) + 1 || QR_Q_BYTES.length + 1;
  return 17 + 4 * version;
}

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** The labels in the order `Sorting` asks (stable: equal names keep the order sent). */
export function sortLabels(labels: readonly Label[], sorting: LabelsBody['Sorting']): Label[] {
  if (sorting === 'active') return [...labels];
  const direction = sorting === 'alphaAsc' ? 1 : -1;
  return labels
    .map((label, index) => ({ label, index }))
    .sort((a, b) => direction * collator.compare(a.label.Name, b.label.Name) || a.index - b.index)
    .map(({ label }) => label);
}

// ------------------------------------------------------------------ ZPL

/** A label's size in inches, from `WxH` (4x2, 2.25 x 1.25 in); 400 for anything else. */
export function labelSize(size: string | undefined): { width: number; height: number } {
  if (size === undefined || size.trim() === '') return { width: 4, height: 2 };
  const match = /^\s*(\d{1,2}(?:\.\d{1,3})?)\s*[x×]\s*(\d{1,2}(?:\.\d{1,3})?)\s*(?:in|")?\s*$/i.exec(size);
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || width < 0.5 || width > 12 || height < 0.5 || height > 12)
    throw badRequest(SiteMessages.labelsSize, { errors: { Size: SiteMessages.labelsSize } });
  return { width, height };
}

/**
 * Text for a ZPL field read with `^FH_`: the characters ZPL would take as commands (^ and ~),
 * and the hex indicator itself, as _XX.
 */
const zplText = (text: string) => text.replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Modules of a Code 128 symbol of `length` characters: start, one per character, check, stop (13). */
const code128Modules = (length: number) => 11 * (length + 2) + 13;

/** The barcode of a ZPL label in the box under its text: Code 128 (`^BC`) or, beyond ASCII, a QR code (`^BQ`, level Q, UTF-8). */
function zplBarcode(name: string, box: { left: number; top: number; width: number; height: number }): string {
  if (!isCode128(name)) {
    // The largest dots per module (1 to 10) that fit the box, with 4 modules of quiet zone each side.
    const modules = qrModules(name);
    const module = Math.min(10, Math.max(1, Math.floor(Math.min(box.width, box.height) / (modules + 8))));
    const left = Math.max(box.left, Math.round(box.left + (box.width - module * modules) / 2));
    return `^FO${left},${box.top}^BQN,2,${module}^FH_^FDQA,${zplText(name)}^FS`;
  }
  // Widest bars that fit with the quiet zones (10 modules each side), 1 to 10 dots.
  const modules = code128Modules(name.length);
  const module = Math.min(10, Math.max(1, Math.floor(box.width / (modules + 20))));
  const left = Math.max(box.left, Math.round(box.left + (box.width - module * modules) / 2));
  // In ^BC's data, > starts an invocation code: >< is a >.
  return `^FO${left},${box.top}^BY${module}^BCN,${box.height},N,N,N^FH_^FD${zplText(name.replace(/>/g, '><'))}^FS`;
}

/** One label: the name as text over its barcode, `qty` copies. */
export function zplLabel(name: string, qty: number, dpmm: number, size: { width: number; height: number }): string {
  const width = Math.round(size.width * 25.4 * dpmm);
  const height = Math.round(size.height * 25.4 * dpmm);
  const margin = Math.round(2 * dpmm);
  const text = Math.max(Math.round(height * 0.12), 2 * dpmm);
  const barTop = margin + 2 * text + margin;
  const barHeight = Math.max(height - barTop - margin, 2 * dpmm);
  return [
    '^XA',
    // UTF-8 field data: the name's text and a QR code's are the name's own letters.
    '^CI28',
    `^PW${width}`,
    `^LL${height}`,
    `^FO${margin},${margin}^A0N,${text},${text}^FB${width - 2 * margin},2,0,C^FH_^FD${zplText(name)}^FS`,
    zplBarcode(name, { left: margin, top: barTop, width: width - 2 * margin, height: barHeight }),
    `^PQ${qty}`,
    '^XZ',
  ].join('\n');
}

export function zplLabels(labels: readonly Label[], dpmm: number, size: { width: number; height: number }): string {
  return labels.map((label) => zplLabel(label.Name, label.Qty, dpmm, size)).join('\n') + '\n';
}

// ------------------------------------------------------------------ PDF

const POINTS_PER_MM = 72 / 25.4;
/** A4 and Letter in points. */
const PAGES = { a4: { width: 595.28, height: 841.89 }, letter: { width: 612, height: 792 } } as const;
const COLUMNS = 2;
const ROWS = 8;

/** The PDF's page from `Size`: A4 (default) or Letter; 400 for anything else. */
export function pageSize(size: string | undefined): { width: number; height: number } {
  const name = (size ?? '').trim().toLowerCase();
  if (name === '' || name === 'a4') return PAGES.a4;
  if (name === 'letter') return PAGES.letter;
  throw badRequest(SiteMessages.labelsSize, { errors: { Size: SiteMessages.labelsSize } });
}

/** A name cut to `width` points with an ellipsis. */
function fitted(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** A label the PDF cannot print, with the reason (answered as `Success: false`). */
export class LabelRefused extends Error {}

/** The letters of `text` that `font` cannot write (a standard font writes WinAnsi only), each once. */
function unprintable(font: PDFFont, text: string): string {
  const missing = new Set<string>();
  for (const character of text) {
    try {
      font.encodeText(character);
    } catch {
      missing.add(character);
    }
  }
  return [...missing].join('');
}

/**
 * The labels as a PDF: a grid of 2 × 8 per page, each the name's barcode with the name under it —
 * a Code 128 as its bars, no wider than 1.5 pt a module; a QR code as an image (2 pixels a
 * module, one per distinct name), square. Each name is encoded once; no object streams, which
 * save slower. A name the font cannot print throws LabelRefused.
 */
export async function pdfLabels(labels: readonly Label[], page: { width: number; height: number }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('site barcodes');
  doc.setCreator('SiteSense administration console');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const label of labels) {
    const missing = isCode128(label.Name) ? '' : unprintable(font, label.Name);
    if (missing) throw new LabelRefused(SiteMessages.labelsNotInPdfFont(label.Name, missing));
  }
  // A Code 128 as its bars and spaces in modules (bwip-js's encoding), a QR code as an image.
  const drawings = new Map<string, { bars: number[]; modules: number } | { image: PDFImage }>();
  const margin = 10 * POINTS_PER_MM;
  const cellWidth = (page.width - 2 * margin) / COLUMNS;
  const cellHeight = (page.height - 2 * margin) / ROWS;
  const padding = 4 * POINTS_PER_MM;
  const textSize = 9;
  let current = doc.addPage([page.width, page.height]);
  let slot = 0;
  for (const label of labels) {
    let drawn = drawings.get(label.Name);
    if (!drawn) {
      if (isCode128(label.Name)) {
        const [symbol] = bwipjs.raw({ bcid: 'code128', text: label.Name }) as unknown as { sbs: number[] }[];
        drawn = { bars: symbol!.sbs, modules: symbol!.sbs.reduce((sum, width) => sum + width, 0) };
      } else {
        const scale = 2;
        // eclevel is one of BWIPP's own options, which bwip-js passes on but does not type.
        const png = await bwipjs.toBuffer({
          bcid: 'qrcode',
          text: label.Name,
          eclevel: 'Q',
          scale,
          paddingwidth: 0,
          paddingheight: 0,
          backgroundcolor: 'FFFFFF',
        } as bwipjs.RenderOptions);
        const image = await doc.embedPng(png);
        drawn = { image };
      }
      drawings.set(label.Name, drawn);
    }
    for (let copy = 0; copy < label.Qty; copy++) {
      if (slot === COLUMNS * ROWS) {
        current = doc.addPage([page.width, page.height]);
        slot = 0;
      }
      const left = margin + (slot % COLUMNS) * cellWidth;
      const top = page.height - margin - Math.floor(slot / COLUMNS) * cellHeight;
      const room = cellHeight - 2 * padding - textSize * 1.6;
      if ('bars' in drawn) {
        const width = Math.min(cellWidth - 2 * padding, drawn.modules * 1.5);
        // A millimetre clear between the bars and the name under them: drawn sharp, they would touch it.
        const height = room - POINTS_PER_MM;
        drawBars(current, drawn.bars, { x: left + (cellWidth - width) / 2, y: top - padding - height, width, height });
      } else {
        const side = Math.min(cellWidth - 2 * padding, room);
        current.drawImage(drawn.image, { x: left + (cellWidth - side) / 2, y: top - padding - side, width: side, height: side });
      }
      const text = fitted(font, label.Name, textSize, cellWidth - 2 * padding);
      current.drawText(text, { x: left + (cellWidth - font.widthOfTextAtSize(text, textSize)) / 2, y: top - cellHeight + padding, size: textSize, font });
      slot++;
    }
  }
  return doc.save({ useObjectStreams: false });
}

/** Bars and spaces (`sbs`, in modules, a bar first) as black rectangles filling `box`'s width, in one fill. */
function drawBars(page: PDFPage, sbs: readonly number[], box: { x: number; y: number; width: number; height: number }): void {
  const module = box.width / sbs.reduce((sum, width) => sum + width, 0);
  const bars = [];
  let x = box.x;
  for (let i = 0; i < sbs.length; i++) {
    if (i % 2 === 0) bars.push(rectangle(x, box.y, sbs[i]! * module, box.height));
    x += sbs[i]! * module;
  }
  page.pushOperators(pushGraphicsState(), setFillingColor(rgb(0, 0, 0)), ...bars, fill(), popGraphicsState());
}

// ------------------------------------------------------------------ the call

const failed = (message: string): LabelsReply => ({ Success: false, Error: message, Data: null });

/** POST list/labels: ZPL (base64 with `asBase64`) or a PDF (always base64) of the labels, in the order asked. */
export async function barcodeLabels(body: LabelsBody, asBase64: boolean): Promise<LabelsReply> {
  const size = body.Zpl ? labelSize(body.Size) : pageSize(body.Size);
  const labels = sortLabels(body.Barcodes, body.Sorting);
  if (body.Zpl) {
    const zpl = zplLabels(labels, body.Dpmm, size);
    const bytes = Buffer.byteLength(zpl, 'utf8');
    if (body.MaxZplSize != null && bytes > body.MaxZplSize) return failed(SiteMessages.labelsTooLarge(bytes, body.MaxZplSize));
    return { Success: true, Error: null, Data: asBase64 ? Buffer.from(zpl, 'utf8').toString('base64') : zpl };
  }
  const count = labels.reduce((sum, label) => sum + label.Qty, 0);
  if (count > MAX_PDF_LABELS) return failed(SiteMessages.labelsTooMany(MAX_PDF_LABELS));
  try {
    return { Success: true, Error: null, Data: Buffer.from(await pdfLabels(labels, size)).toString('base64') };
  } catch (error) {
    if (error instanceof LabelRefused) return failed(error.message);
    throw error;
  }
}
