/**
 * An access review's report as PDF (issue 41): the review, its reviewers and sign-off, the
 * counts, then one block per holding with its decision, comment and removal. Helvetica, as
 * the site labels: it writes the Latin letters with their accents (WinAnsi); any other letter
 * prints as '?', and the report says so (the CSV carries every name in full).
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { AccessReviewMessages as M, type AccessReview, type ReviewItem } from 'contracts/identity/model';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;

/** `text` with each letter the font cannot write replaced by '?'; and whether any was. */
function printable(font: PDFFont, text: string): { text: string; replaced: boolean } {
  let out = '';
  let replaced = false;
  for (const character of text) {
    try {
      font.encodeText(character);
      out += character;
    } catch {
      out += '?';
      replaced = true;
    }
  }
  return { text: out, replaced };
}

/** Lines of at most `width` points. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const decisionWord = (item: ReviewItem) => (item.decision === 'keep' ? 'Keep' : item.decision === 'remove' ? 'Remove' : 'Undecided');
const via = (item: ReviewItem) => (item.viaKind === 'group' ? M.viaGroup(item.viaName ?? '') : item.viaKind === 'all-projects' ? M.allProjects : M.direct);

export async function reviewPdf(review: AccessReview, items: readonly ReviewItem[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Access review: ${review.name}`);
  doc.setCreator('SiteSense administration console');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  let replaced = false;
  const width = A4.width - 2 * MARGIN;

  const write = (raw: string, options: { size?: number; strong?: boolean; indent?: number } = {}) => {
    const size = options.size ?? 9;
    const face = options.strong ? bold : font;
    const safe = printable(face, raw);
    replaced ||= safe.replaced;
    for (const line of wrap(face, safe.text, size, width - (options.indent ?? 0))) {
      if (y < MARGIN + size) {
        page = doc.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      page.drawText(line, { x: MARGIN + (options.indent ?? 0), y: y - size, size, font: face });
      y -= size * 1.4;
    }
  };

  write(`Access review: ${review.name}`, { size: 16, strong: true });
  y -= 4;
  write(`License: ${review.licenseName}`);
  write(`Scope: ${review.scopeKind === 'administrative' ? 'All administrative roles' : review.scopeNames.join(', ')}`);
  write(`Due: ${review.dueDate}. Started by ${review.createdBy} on ${review.createdAt.slice(0, 10)}.`);
  write(`Reviewers: ${review.reviewers.map((r) => r.userName).join(', ')}`);
  write(review.state === 'signed-off' ? `Signed off by ${review.signedOffBy} on ${review.signedOffAt?.slice(0, 10)}.` : 'Not signed off yet.');
  write(`${review.items} holdings: ${review.kept} kept, ${review.removed} removed, ${review.undecided} undecided.`);
  y -= 8;
  let holder = '';
  for (const item of items) {
    const who = `${item.holderKind}:${item.holderId}`;
    if (who !== holder) {
      holder = who;
      y -= 4;
      write(`${item.holderName} (${item.holderKind === 'user' ? 'User' : 'API key'}${item.holderLabel ? `, ${item.holderLabel}` : ''})`, {
        size: 11,
        strong: true,
      });
    }
    write(
      `${item.whatLabel} - ${via(item)} - granted ${item.grantedAt ? `${item.grantedAt.slice(0, 10)} by ${item.grantedBy ?? 'unknown'}` : M.beforeRecords.toLowerCase()}`,
      { indent: 10 },
    );
    const decided = item.decision ? ` by ${item.decidedBy} on ${item.decidedAt?.slice(0, 10)}` : '';
    write(
      `Decision: ${decisionWord(item)}${decided}${item.appliedAt ? `; removed ${item.appliedAt.slice(0, 10)}` : ''}${item.comment ? `. Comment: ${item.comment}` : ''}`,
      { indent: 20 },
    );
  }
  if (replaced) {
    y -= 8;
    write('Some letters cannot be written in this PDF and show as "?": the CSV report has every name in full.');
  }
  return doc.save({ useObjectStreams: false });
}
