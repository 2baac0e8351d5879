import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteMessages, projectsSitesEndpoints } from 'contracts/projects-sites';
import { fakeApi, renderSignedIn, restoreApi, type FakeReply, type SentRequest, isCall } from 'kit/testing';
import { PORTAL_ROLES } from 'shared';
import { SiteCard } from '../SiteCard';
import { renderAt, site } from '../sites.testing';
import { PrintLabelsDialog, type PrintLabelsDialogProps } from './PrintLabelsDialog';

const yard = site(10, 'Yard', [site(11, 'Rack A', [site(12, 'Bin 1'), site(13, 'Bin 2', [], { active: false })]), site(14, 'Office')]);
const dock = site(20, 'Dock');

const PDF = btoa('%PDF-1.7 labels');
const ZPL = '^XA\n^FDYard^FS\n^XZ\n';

function answering(reply: (request: SentRequest) => FakeReply) {
  return fakeApi((request) => (isCall(request, projectsSitesEndpoints.getBarcodeLabels) ? reply(request) : { status: 404, body: { Message: 'Not here' } }));
}

const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

function renderDialog(props: Partial<PrintLabelsDialogProps> = {}) {
  const handlers = { onClose: jest.fn(), onMobile: jest.fn(), save: jest.fn() };
  renderSignedIn(<PrintLabelsDialog tops={[yard, dock]} card={false} phone={false} {...handlers} {...props} />, PORTAL_ROLES);
  return handlers;
}

describe('PrintLabelsDialog', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('saves the PDF as ‘site barcodes.pdf’: one label per site, active sites first, with the page size', async () => {
    const sent = answering(() => ({ body: { Success: true, Error: null, Data: PDF } }));
    const { save, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(dialog).toHaveAccessibleDescription('6 labels, one per site: every top-level site the tab shows and their child sites.');
    expect(within(dialog).getByRole('radio', { name: 'PDF (desktop)' })).toBeChecked();
    expect(within(dialog).queryByRole('combobox', { name: 'Printer resolution (DPMM)' })).toBeNull();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Page size' }), 'Letter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      Zpl: false,
      Sorting: 'active',
      Dpmm: 8,
      Size: 'Letter',
      Barcodes: ['Yard', 'Rack A', 'Bin 1', 'Office', 'Dock', 'Bin 2'].map((Name) => ({ Name, Qty: 1 })),
    });
    const [blob, fileName] = save.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('site barcodes.pdf');
    expect(blob.type).toBe('application/pdf');
    expect(await blobText(blob)).toBe('%PDF-1.7 labels');
    expect(onClose).toHaveBeenCalled();
  });

  it('saves ZPL for a label printer as ‘site barcodes.zpl’ with the DPMM, label size and sorting chosen', async () => {
    const sent = answering(() => ({ body: { Success: true, Error: null, Data: ZPL } }));
    const { save } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Label printer (ZPL)' }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Sorting' }), 'Name Z→A');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Printer resolution (DPMM)' }), '12 dots/mm (300 dpi)');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Label size' }), '3 × 1 in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download ZPL' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(sent[0]!.body).toMatchObject({ Zpl: true, Sorting: 'alphaDesc', Dpmm: 12, Size: '3x1' });
    expect(sent[0]!.body).not.toHaveProperty('MaxZplSize');
    const [blob, fileName] = save.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('site barcodes.zpl');
    expect(await blobText(blob)).toBe(ZPL);
  });

  it('says ‘Failed to get site barcode labels’ when the call fails, and stays open for another try', async () => {
    answering(() => ({ status: 500, body: { Message: 'Boom' } }));
    const { save, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SiteMessages.labelsFailed);
    expect(save).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('says ‘Failed to produce barcode labels.’ with the API’s Error when it answers Success false', async () => {
    answering(() => ({ body: { Success: false, Error: 'Café cannot be written as a Code 128 barcode.', Data: null } }));
    const { save } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(SiteMessages.labelsProduceFailed);
    expect(alert).toHaveTextContent('Café cannot be written as a Code 128 barcode.');
    expect(save).not.toHaveBeenCalled();
  });

  it('on a phone asks base64 ZPL with the mobile limit and hands the mobile app’s link on', async () => {
    const base64 = btoa(ZPL);
    const sent = answering(() => ({ body: { Success: true, Error: null, Data: base64 } }));
    const { onMobile, onClose, save } = renderDialog({ phone: true, tops: [dock], card: true });
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(dialog).toHaveAccessibleDescription('1 label, one per site: Dock.');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print in mobile app' }));
    await waitFor(() => expect(onMobile).toHaveBeenCalledWith(`ssmobilestandard:?data=${encodeURIComponent(base64)}`));
    expect(sent[0]!.body).toMatchObject({ Zpl: true, MaxZplSize: 2147483647, Barcodes: [{ Name: 'Dock', Qty: 1 }] });
    expect(onClose).toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });
});

describe('the Print of a card', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('prints that top-level site and its descendants', async () => {
    const sent = answering(() => ({ body: { Success: false, Error: 'Not now.', Data: null } }));
    renderAt(<SiteCard site={yard} mayEditTree={false} />, '/', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Print labels of Yard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(dialog).toHaveAccessibleDescription('5 labels, one per site: Yard and its 4 child sites.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`${SiteMessages.labelsProduceFailed}Not now.`);
    expect((sent[0]!.body as { Barcodes: { Name: string }[] }).Barcodes.map((label) => label.Name)).toEqual(['Yard', 'Rack A', 'Bin 1', 'Office', 'Bin 2']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Print labels of Yard' })).toHaveFocus();
  });
});
