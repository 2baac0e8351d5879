/**
 * Asks POST list/labels for a print and hands the result on: the PDF or the ZPL saved as a file
 * on a desktop, the mobile app's link on a phone. Its two failures are spec 2's texts: 'Failed
 * to get site barcode labels' when the call fails, 'Failed to produce barcode labels.' (with the
 * API's Error) when it answers Success false.
 */
import { getBarcodeLabels, SiteMessages } from 'contracts/projects-sites';
import { saveFile } from 'shared';
import { base64Bytes, LABELS_PDF_FILE, LABELS_ZPL_FILE, mobileAppUrl, type LabelsBody } from './labels';

/** A print that failed: the spec's text and, for Success false, the API's reason. */
export class LabelsFailure extends Error {
  constructor(
    message: string,
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'LabelsFailure';
  }
}

/** What a print ends in. */
export type LabelsResult = { kind: 'saved'; fileName: string } | { kind: 'mobile'; url: string };

/** The labels' Data, or a LabelsFailure. */
async function labelsData(body: LabelsBody, asBase64: boolean): Promise<string> {
  let reply;
  try {
    reply = await getBarcodeLabels(body, { asBase64: asBase64 ? 'true' : 'false' });
  } catch {
    throw new LabelsFailure(SiteMessages.labelsFailed);
  }
  if (!reply.Success || reply.Data == null) throw new LabelsFailure(SiteMessages.labelsProduceFailed, reply.Error ?? null);
  return reply.Data;
}

/**
 * Produces the labels `body` asks for: on a phone the mobile app's link (base64 ZPL), on a
 * desktop the file saved — 'site barcodes.pdf' or 'site barcodes.zpl'.
 */
export async function printLabels(body: LabelsBody, phone: boolean, save: (blob: Blob, fileName: string) => void = saveFile): Promise<LabelsResult> {
  if (phone) return { kind: 'mobile', url: mobileAppUrl(await labelsData(body, true)) };
  if (body.Zpl) {
    const zpl = await labelsData(body, false);
    save(new Blob([zpl], { type: 'text/plain;charset=utf-8' }), LABELS_ZPL_FILE);
    return { kind: 'saved', fileName: LABELS_ZPL_FILE };
  }
  const pdf = await labelsData(body, false);
  save(new Blob([base64Bytes(pdf)], { type: 'application/pdf' }), LABELS_PDF_FILE);
  return { kind: 'saved', fileName: LABELS_PDF_FILE };
}
