/**
 * The barcodes in 'site barcodes.pdf' scan (issue 27's tests): the Sites tab's Download Site
 * Barcodes saves the PDF, the test renders its first page in Chromium with pdf.js and reads each
 * label's Code 128 (a QR code for a name beyond ASCII) with ZXing, and every barcode decodes to the name of its site, the name
 * printed under it. Regions with no whole barcode decode to nothing.
 *
 * The decoding page is the test's own blank page (not the console's origin, whose CSP allows no
 * inline script): pdf.js's legacy build, its worker run on the main thread, and ZXing's UMD
 * bundle are added from node_modules; nothing is fetched. The labels are found on the grid the
 * API draws (labels.ts: 2 × 8 per page inside 10 mm margins).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type * as ZXingLib from '@zxing/library';
import type * as PdfJsLib from 'pdfjs-dist';
import { expect, test } from './test';
import { ADMIN_PASSWORD, signIn } from './support';
import { asAdmin, unique, makeProject, makeSites } from './data';

const nodeRequire = createRequire(import.meta.url);
const pdfjsDir = path.dirname(nodeRequire.resolve('pdfjs-dist/package.json'));
const SCRIPTS = {
  pdfjs: path.join(pdfjsDir, 'legacy', 'build', 'pdf.min.mjs'),
  pdfjsWorker: path.join(pdfjsDir, 'legacy', 'build', 'pdf.worker.min.mjs'),
  zxing: path.join(path.dirname(nodeRequire.resolve('@zxing/library/package.json')), 'umd', 'index.min.js'),
};

/** Labels.ts's page grid: 2 columns × 8 rows inside 10 mm margins, 4 mm padding in a cell. */
const GRID = { columns: 2, rows: 8, marginMm: 10, paddingMm: 4 };

interface Cell {
  index: number;
  /** What the barcode in the whole cell decodes to (null: no barcode found). */
  barcode: string | null;
  format: string | null;
  /** The text pdf.js finds in the cell: the name printed under the barcode. */
  printed: string;
  /** Wrong regions of the cell: the name's strip under the bars, and the bars' left half. */
  textStrip: string | null;
  leftHalf: string | null;
}

/**
 * Renders page 1 of `pdf` at `scale` on a blank page of the test's own and decodes each cell of
 * the label grid. Returns the cells and the rendering as a PNG data URL.
 */
async function decodeLabels(decoder: Page, pdf: Buffer, scale: number): Promise<{ cells: Cell[]; png: string; pages: number }> {
  await decoder.setContent('<!doctype html><html lang="en"><title>Decode site barcodes</title><canvas></canvas></html>');
  // Module scripts run after they are added: wait for the globals they set.
  await decoder.addScriptTag({ path: SCRIPTS.pdfjsWorker, type: 'module' });
  await decoder.addScriptTag({ path: SCRIPTS.pdfjs, type: 'module' });
  await decoder.addScriptTag({ path: SCRIPTS.zxing });
  await decoder.waitForFunction(() => 'pdfjsLib' in globalThis && 'pdfjsWorker' in globalThis && 'ZXing' in globalThis);

  return decoder.evaluate(
    async ({ data, scale, grid }) => {
      type Globals = { pdfjsLib: typeof PdfJsLib; ZXing: typeof ZXingLib };
      const { pdfjsLib, ZXing } = globalThis as unknown as Globals;
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      // pdf.worker's WorkerMessageHandler is on the page (globalThis.pdfjsWorker): pdf.js runs it
      // on the main thread instead of loading a worker.
      const pdf = await pdfjsLib.getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: true }).promise;
      const page = await pdf.getPage(1);
      const viewport = page.getViewport({ scale });
      const canvas = document.querySelector('canvas')!;
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      await page.render({ canvas, canvasContext: context, viewport }).promise;

      // Where pdf.js drew each text item, in the canvas's pixels.
      const text = await page.getTextContent();
      const items = text.items
        .filter((item): item is Extract<typeof item, { str: string }> => 'str' in item && item.str.trim() !== '')
        .map((item) => {
          const [x, y] = viewport.convertToViewportPoint(item.transform[4] as number, item.transform[5] as number) as [number, number];
          return { str: item.str, x, y };
        });

      const hints = new Map<ZXingLib.DecodeHintType, unknown>([
        [ZXing.DecodeHintType.POSSIBLE_FORMATS, [ZXing.BarcodeFormat.CODE_128, ZXing.BarcodeFormat.QR_CODE]],
        [ZXing.DecodeHintType.TRY_HARDER, true],
      ]);
      const reader = new ZXing.MultiFormatReader();
      reader.setHints(hints);
      const decode = (x: number, y: number, width: number, height: number): { text: string; format: string } | null => {
        const left = Math.max(0, Math.round(x));
        const top = Math.max(0, Math.round(y));
        const w = Math.min(canvas.width - left, Math.round(width));
        const h = Math.min(canvas.height - top, Math.round(height));
        const rgba = context.getImageData(left, top, w, h).data;
        const luminance = new Uint8ClampedArray(w * h);
        for (let i = 0; i < w * h; i++) luminance[i] = (rgba[4 * i]! * 299 + rgba[4 * i + 1]! * 587 + rgba[4 * i + 2]! * 114) / 1000;
        const bitmap = new ZXing.BinaryBitmap(new ZXing.HybridBinarizer(new ZXing.RGBLuminanceSource(luminance, w, h)));
        try {
          const result = reader.decodeWithState(bitmap);
          return { text: result.getText(), format: ZXing.BarcodeFormat[result.getBarcodeFormat()] };
        } catch (error) {
          if (error instanceof ZXing.NotFoundException || error instanceof ZXing.ChecksumException || error instanceof ZXing.FormatException) return null;
          throw error;
        } finally {
          reader.reset();
        }
      };

      const pointsPerMm = 72 / 25.4;
      const margin = grid.marginMm * pointsPerMm * scale;
      const padding = grid.paddingMm * pointsPerMm * scale;
      const cellWidth = (canvas.width - 2 * margin) / grid.columns;
      const cellHeight = (canvas.height - 2 * margin) / grid.rows;
      // The name's line: 9 pt text at the cell's foot, above the padding.
      const strip = 9 * 1.6 * scale;
      const cells = [];
      for (let index = 0; index < grid.columns * grid.rows; index++) {
        const x = margin + (index % grid.columns) * cellWidth;
        const y = margin + Math.floor(index / grid.columns) * cellHeight;
        const whole = decode(x, y, cellWidth, cellHeight);
        const printed = items
          .filter((item) => item.x >= x && item.x < x + cellWidth && item.y >= y && item.y < y + cellHeight)
          .map((item) => item.str)
          .join(' ');
        const bars = { top: y + padding, height: cellHeight - 2 * padding - strip };
        cells.push({
          index,
          barcode: whole?.text ?? null,
          format: whole?.format ?? null,
          printed,
          textStrip: decode(x, y + cellHeight - padding - strip, cellWidth, strip + padding)?.text ?? null,
          leftHalf: decode(x, bars.top, cellWidth / 2, bars.height)?.text ?? null,
        });
      }
      return { cells, png: canvas.toDataURL('image/png'), pages: pdf.numPages };
    },
    { data: pdf.toString('base64'), scale, grid: GRID },
  );
}

test.describe('barcode labels scan', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('every barcode in ‘site barcodes.pdf’ decodes to its site’s name', async ({ page, request }, testInfo) => {
    // Names that make Code 128 change code sets (letters, a run of digits, punctuation), and one
    // beyond ASCII, which Code 128 cannot carry: a QR code of its UTF-8 (issue 36).
    const names = ['Yard', 'Rack 2', 'Bin 4', 'Dock 7-B', 'Bay 123456', 'Bâtiment A'];
    const headers = await asAdmin(request);
    const projectId = await makeProject(request, headers, `Barcode decode ${unique()}`);
    await makeSites(request, headers, projectId, [
      { name: 'Yard', children: [{ name: 'Rack 2', children: [{ name: 'Bin 4' }] }] },
      { name: 'Dock 7-B', children: [{ name: 'Bay 123456' }] },
      { name: 'Bâtiment A' },
    ]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/projects/${projectId}/view#sites`);
    await expect(page.getByRole('region', { name: 'Yard' })).toBeVisible();

    await page.getByRole('button', { name: 'Download Site Barcodes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await expect(dialog.getByRole('radio', { name: 'PDF (desktop)' })).toBeChecked();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('site barcodes.pdf');
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expect(dialog).toBeHidden();

    const decoder = await page.context().newPage();
    try {
      const { cells, png, pages } = await decodeLabels(decoder, pdf, 3);
      await testInfo.attach('site barcodes page 1.png', { body: Buffer.from(png.split(',')[1]!, 'base64'), contentType: 'image/png' });
      await testInfo.attach('decoded.json', { body: JSON.stringify(cells, null, 2), contentType: 'application/json' });
      expect(pages).toBe(1);

      // One label per site, each barcode a Code 128 of the name printed under it (a QR code beyond ASCII).
      const labelled = cells.filter((cell) => cell.printed !== '');
      expect(labelled.map((cell) => cell.printed).sort()).toEqual([...names].sort());
      for (const cell of labelled) {
        expect(cell.barcode, `cell ${cell.index} (${cell.printed})`).toBe(cell.printed);
        expect(cell.format, `cell ${cell.index} (${cell.printed})`).toBe(cell.printed === 'Bâtiment A' ? 'QR_CODE' : 'CODE_128');
      }
      expect(new Set(cells.map((cell) => cell.barcode).filter((text) => text !== null))).toEqual(new Set(names));

      // Nothing is read where no whole barcode is: the empty cells, the printed names' strip,
      // and half of each barcode (no stop pattern, no check character).
      for (const cell of cells.filter((cell) => cell.printed === '')) expect(cell.barcode, `empty cell ${cell.index}`).toBeNull();
      expect(cells.filter((cell) => cell.printed === '')).toHaveLength(16 - names.length);
      for (const cell of cells) {
        expect(cell.textStrip, `the text strip of cell ${cell.index}`).toBeNull();
        expect(cell.leftHalf, `the left half of cell ${cell.index}`).toBeNull();
      }
    } finally {
      await decoder.close();
    }
  });
});
