/**
 * Barcode labels: ZPL with one ^XA … ^XZ per name, its text and its Code 128 (^BC) sized by the
 * printer's dots per mm, in the order asked; the PDF read back with pdf-lib (pages, each Code 128
 * drawn as bars that decode to the name, a QR code as an image); the limits answered as Success false.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { SiteMessages } from 'contracts/projects-sites/model';
import { HttpError } from '../../http/errors';
import { barcodeLabels, labelSize, type LabelsBody, pageSize, sortLabels, zplLabel } from './labels';

const body = (overrides: Partial<LabelsBody> = {}): LabelsBody => ({
  Zpl: true,
  Sorting: 'active',
  Dpmm: 8,
  Barcodes: [
    { Name: 'Bin 10', Qty: 1 },
    { Name: 'bin 2', Qty: 2 },
    { Name: 'Aisle 1', Qty: 1 },
  ],
  ...overrides,
});

/** Each label of a ZPL text: what lies between ^XA and ^XZ. */
const labelsOf = (zpl: string) => [...zpl.matchAll(/\^XA([\s\S]*?)\^XZ/g)].map((m) => m[1]!);
const barcodeOf = (label: string) => /\^BCN,\d+,N,N,N\^FH_\^FD(.*)\^FS/.exec(label)?.[1];

/** The first page's content streams as text (inflated), where drawText writes its hex strings. */
function pageText(doc: PDFDocument): string {
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) => {
      const raw = stream as PDFRawStream;
      const bytes = Buffer.from(raw.contents);
      return (raw.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
    })
    .join('\n');
}

/** The image XObjects of a PDF. */
function imagesOf(doc: PDFDocument) {
  return doc.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
}

/** Code 128's symbols 0–105 as bar and space widths (ISO/IEC 15417), and the stop pattern. */
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232'
).split(' ');

/** What a scanner reads from Code 128 bars and spaces (in modules): its text, its checksum verified. */
function decodeCode128(widths: number[]): string {
  expect(widths.slice(-7).join('')).toBe('2331112');
  const values = [];
  for (let at = 0; at < widths.length - 7; at += 6) {
    const value = CODE128.indexOf(widths.slice(at, at + 6).join(''));
    expect(value).toBeGreaterThanOrEqual(0);
    values.push(value);
  }
  const [start, ...rest] = values;
  const check = rest.pop()!;
  expect(rest.reduce((sum, value, i) => sum + value * (i + 1), start!) % 103).toBe(check);
  let set = ({ 103: 'A', 104: 'B', 105: 'C' } as Record<number, string>)[start!]!;
  let text = '';
  for (const value of rest) {
    if (set === 'C' && value < 100) text += String(value).padStart(2, '0');
    else if (value === 99) set = 'C';
    else if (value === 100) set = 'B';
    else if (value === 101) set = 'A';
    else text += String.fromCharCode(set === 'A' && value >= 64 ? value - 64 : value + 32);
  }
  return text;
}

/** The bars of the page's first barcode, as widths in modules (bar, space, bar, …). */
function firstBarcode(doc: PDFDocument): number[] {
  const block = /q\s+0 0 0 rg\s+((?:[-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ re\s+)+)f\s+Q/.exec(pageText(doc));
  expect(block).not.toBeNull();
  const bars = [...block![1]!.matchAll(/([-\d.]+) [-\d.]+ ([-\d.]+) [-\d.]+ re/g)].map((m) => ({ x: Number(m[1]), width: Number(m[2]) }));
  const widths = bars.flatMap((bar, i) => (i === 0 ? [bar.width] : [bar.x - bars[i - 1]!.x - bars[i - 1]!.width, bar.width]));
  const module = Math.min(...widths);
  return widths.map((width) => Math.round(width / module));
}

describe('ZPL labels', () => {
  it('writes one ^XA … ^XZ per name with the name as text and as Code 128, Qty copies, in the order sent for active', async () => {
    const reply = await barcodeLabels(body(), false);
    expect(reply.Success).toBe(true);
    expect(reply.Error).toBeNull();
    const labels = labelsOf(reply.Data!);
    expect(labels).toHaveLength(3);
    expect(labels.map(barcodeOf)).toEqual(['Bin 10', 'bin 2', 'Aisle 1']);
    expect(labels[1]).toContain('^FDbin 2^FS');
    expect(labels.map((label) => /\^PQ(\d+)/.exec(label)?.[1])).toEqual(['1', '2', '1']);
    // The human-readable line, centred over the bars.
    expect(labels[0]).toMatch(/\^A0N,\d+,\d+\^FB\d+,2,0,C\^FH_\^FDBin 10\^FS/);
  });

  it('sorts by name as a person reads it, ascending or descending, in any case', async () => {
    const asc = await barcodeLabels(body({ Sorting: 'alphaAsc' }), false);
    expect(labelsOf(asc.Data!).map(barcodeOf)).toEqual(['Aisle 1', 'bin 2', 'Bin 10']);
    const desc = await barcodeLabels(body({ Sorting: 'alphaDesc' }), false);
    expect(labelsOf(desc.Data!).map(barcodeOf)).toEqual(['Bin 10', 'bin 2', 'Aisle 1']);
    // Equal names keep the order sent.
    expect(
      sortLabels(
        [
          { Name: 'b', Qty: 1 },
          { Name: 'A', Qty: 2 },
          { Name: 'a', Qty: 3 },
        ],
        'alphaAsc',
      ).map((l) => l.Qty),
    ).toEqual([2, 3, 1]);
  });

  it('sizes the label and the bars by the printer’s dots per millimetre (6, 8, 12, 24) and the label’s inches', () => {
    for (const dpmm of [6, 8, 12, 24]) {
      const label = zplLabel('Yard', 1, dpmm, { width: 4, height: 2 });
      expect(label).toContain(`^PW${Math.round(4 * 25.4 * dpmm)}`);
      expect(label).toContain(`^LL${Math.round(2 * 25.4 * dpmm)}`);
      const module = Number(/\^BY(\d+)/.exec(label)![1]);
      // The bars and their quiet zones fit the label, as wide as they may be.
      const modules = 11 * (4 + 2) + 13;
      const room = Math.round(4 * 25.4 * dpmm) - 4 * dpmm;
      expect(module * (modules + 20)).toBeLessThanOrEqual(room);
      expect((module + 1) * (modules + 20) > room || module === 10).toBe(true);
    }
    expect(zplLabel('Yard', 1, 8, { width: 2, height: 1 })).toContain('^PW406');
    expect(labelSize('2.25 x 1.25')).toEqual({ width: 2.25, height: 1.25 });
    expect(labelSize(undefined)).toEqual({ width: 4, height: 2 });
    for (const bad of ['A4', '4', '0x2', '40x2', 'big']) expect(() => labelSize(bad)).toThrow(HttpError);
    expect(() => labelSize('A4')).toThrow(SiteMessages.labelsSize);
  });

  it('keeps ZPL’s command characters out of the data, and writes > in a barcode as ><', () => {
    const label = zplLabel('A^B~C_D>E', 1, 8, { width: 4, height: 2 });
    expect(barcodeOf(label)).toBe('A_5EB_7EC_5FD><E');
    expect(label).toContain('^FDA_5EB_7EC_5FD>E^FS');
    // Nothing but the label's own commands starts with ^, and nothing with ~.
    expect(label).not.toContain('~');
    expect(label.match(/\^[A-Z][A-Z0-9]/g)!.filter((command) => !/^\^(XA|CI|PW|LL|FO|A0|FB|FH|FD|FS|BY|BC|PQ|XZ)$/.test(command))).toEqual([]);
  });

  it('answers base64 when asked, and Success false with an Error when the ZPL exceeds MaxZplSize', async () => {
    const plain = await barcodeLabels(body(), false);
    const encoded = await barcodeLabels(body(), true);
    expect(Buffer.from(encoded.Data!, 'base64').toString('utf8')).toBe(plain.Data);
    const size = Buffer.byteLength(plain.Data!, 'utf8');
    expect(await barcodeLabels(body({ MaxZplSize: size }), false)).toMatchObject({ Success: true });
    expect(await barcodeLabels(body({ MaxZplSize: size - 1 }), false)).toEqual({
      Success: false,
      Error: SiteMessages.labelsTooLarge(size, size - 1),
      Data: null,
    });
  });

  it('prints a name beyond ASCII, which Code 128 cannot carry, as a QR code of its UTF-8 text, the name above it', async () => {
    const reply = await barcodeLabels(
      body({
        Barcodes: [
          { Name: 'Bâtiment A', Qty: 1 },
          { Name: '東棟 1', Qty: 1 },
          { Name: 'Bin 1', Qty: 1 },
        ],
      }),
      false,
    );
    expect([reply.Success, reply.Error]).toEqual([true, null]);
    const [accented, eastern, ascii] = labelsOf(reply.Data!);
    // ^CI28: the field data is UTF-8; ^BQ with error correction Q and automatic input.
    expect(accented).toContain('^FH_^FDBâtiment A^FS');
    expect(accented).toMatch(/\^BQN,2,\d+\^FH_\^FDQA,Bâtiment A\^FS/);
    expect(accented).not.toContain('^BC');
    expect(eastern).toMatch(/\^BQN,2,\d+\^FH_\^FDQA,東棟 1\^FS/);
    expect(barcodeOf(ascii!)).toBe('Bin 1');
  });
});

describe('the PDF', () => {
  it('is base64 of a PDF with a grid of 16 labels per page, each label Qty times, a Code 128 drawn as bars that scan as the name', async () => {
    const barcodes = Array.from({ length: 20 }, (_, i) => ({ Name: `Bin ${i + 1}`, Qty: i === 0 ? 3 : 1 }));
    const reply = await barcodeLabels(body({ Zpl: false, Sorting: 'alphaDesc', Barcodes: barcodes }), false);
    expect(reply.Success).toBe(true);
    const bytes = Buffer.from(reply.Data!, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    // 22 labels: two A4 pages.
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    // Bars, not images: sharp at any resolution.
    expect(imagesOf(doc)).toHaveLength(0);
    expect(pageText(doc).match(/ re\b/g)!.length).toBeGreaterThan(16 * 20);
    // Sorted descending as a person reads: Bin 20 comes first, three times for Bin 1 at the end.
    expect(decodeCode128(firstBarcode(doc))).toBe('Bin 20');
    expect(doc.getTitle()).toBe('site barcodes');
  });

  it('prints a name beyond ASCII as a square QR code with its name in letters under it', async () => {
    const reply = await barcodeLabels(
      body({
        Zpl: false,
        Barcodes: [
          { Name: 'Bâtiment A', Qty: 1 },
          { Name: 'Bin 1', Qty: 1 },
        ],
      }),
      false,
    );
    expect([reply.Success, reply.Error]).toEqual([true, null]);
    const doc = await PDFDocument.load(Buffer.from(reply.Data!, 'base64'));
    const sizes = imagesOf(doc).map(([, image]) => {
      const dict = (image as PDFRawStream).dict;
      return [Number(dict.get(PDFName.of('Width'))!.toString()), Number(dict.get(PDFName.of('Height'))!.toString())];
    });
    // The QR code is a square image; the Code 128 of Bin 1 is drawn as bars.
    expect(sizes).toHaveLength(1);
    expect(sizes[0]![0]).toBe(sizes[0]![1]);
    // The name is drawn in WinAnsi, â as E2.
    expect(pageText(doc)).toContain(Buffer.from('Bâtiment A', 'latin1').toString('hex').toUpperCase());
  });

  it('refuses, naming the site and what to change, a name the PDF’s font cannot print (it is printed as ZPL)', async () => {
    const reply = await barcodeLabels(
      body({
        Zpl: false,
        Barcodes: [
          { Name: 'Bin 1', Qty: 1 },
          { Name: '東棟 1', Qty: 1 },
        ],
      }),
      false,
    );
    expect(reply).toEqual({ Success: false, Error: SiteMessages.labelsNotInPdfFont('東棟 1', '東棟'), Data: null });
  });

  it('takes a Letter page, refuses other sizes, and holds at most 10,000 labels', async () => {
    const letter = await barcodeLabels(body({ Zpl: false, Size: 'Letter' }), false);
    expect((await PDFDocument.load(Buffer.from(letter.Data!, 'base64'))).getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(pageSize(' a4 ')).toEqual({ width: 595.28, height: 841.89 });
    expect(() => pageSize('4x2')).toThrow(SiteMessages.labelsSize);
    const many = await barcodeLabels(body({ Zpl: false, Barcodes: Array.from({ length: 11 }, (_, i) => ({ Name: `Bin ${i}`, Qty: 1000 })) }), false);
    expect(many).toEqual({ Success: false, Error: SiteMessages.labelsTooMany(10_000), Data: null });
  });

  // How long it takes is the bench's to measure ('site barcodes.pdf' of 1,000 sites), not a test's.
  it('puts 1,000 sites’ labels on 63 pages, 16 a page', async () => {
    const reply = await barcodeLabels(
      body({ Zpl: false, Barcodes: Array.from({ length: 1000 }, (_, i) => ({ Name: `Main Warehouse > Aisle ${i}`, Qty: 1 })) }),
      false,
    );
    expect(reply.Success).toBe(true);
    expect((await PDFDocument.load(Buffer.from(reply.Data!, 'base64'))).getPageCount()).toBe(63);
  });
});
