import { useId, useState } from 'react';
import type { Site } from 'contracts/projects-sites';
import { Alert, Button, Dialog, FormField, Select } from 'kit';
import {
  DEFAULT_CHOICES,
  DPMM_OPTIONS,
  LABEL_SIZE_OPTIONS,
  labelsBody,
  labelsScope,
  OUTPUT_OPTIONS,
  PAGE_OPTIONS,
  SORTING_OPTIONS,
  type LabelChoices,
  type LabelDpmm,
  type LabelSize,
  type LabelSorting,
  type PdfPage,
} from './labels';
import { LabelsFailure, printLabels } from './labels.api';

export interface PrintLabelsDialogProps {
  /** The top-level sites whose labels print, with their descendants (as the tab shows them). */
  tops: readonly Site[];
  /** A card's Print (one top-level site) rather than Download Site Barcodes. */
  card: boolean;
  /** The Sites tab's filter, to say which sites Download Site Barcodes covers. */
  filter?: string;
  /** On a phone the labels go to the mobile app as ZPL; there is no file to choose. */
  phone: boolean;
  onClose(): void;
  /** On a phone: opens the mobile app's link (the dialog closes first). */
  onMobile(url: string): void;
  /** Saves a file (the kernel's saveFile by default). */
  save?(blob: Blob, fileName: string): void;
}

/**
 * 'Print labels' (spec 1 §2, spec 2 §9): one label per site, as a PDF for a desktop printer or
 * as ZPL for a label printer (its DPMM and label size), sorted active first or by name. On a
 * phone the ZPL goes to the SiteSense mobile app. A failure stays in the dialog, so another
 * choice can be tried.
 */
export function PrintLabelsDialog({ tops, card, filter = '', phone, onClose, onMobile, save }: PrintLabelsDialogProps) {
  const [choices, setChoices] = useState<LabelChoices>(DEFAULT_CHOICES);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LabelsFailure | null>(null);
  const outputName = useId();
  const zpl = phone || choices.output === 'zpl';
  const change = (next: Partial<LabelChoices>) => {
    setChoices((current) => ({ ...current, ...next }));
    setFailure(null);
  };

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await printLabels(labelsBody(tops, choices, phone), phone, save);
      onClose();
      if (result.kind === 'mobile') onMobile(result.url);
    } catch (error) {
      setFailure(error instanceof LabelsFailure ? error : new LabelsFailure(String(error)));
      setBusy(false);
    }
  };

  const action = phone ? 'Print in mobile app' : choices.output === 'pdf' ? 'Download PDF' : 'Download ZPL';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      dismissible={!busy}
      title="Print labels"
      description={labelsScope(tops, card, filter)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void submit()} loading={busy}>
            {action}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {phone ? (
          <p className="text-slate-600">The labels go to the SiteSense mobile app as ZPL for its label printer.</p>
        ) : (
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-slate-700">Output</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1.5">
              {OUTPUT_OPTIONS.map((option) => (
                <label key={option.value} className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
                  <input
                    type="radio"
                    name={outputName}
                    value={option.value}
                    checked={choices.output === option.value}
                    onChange={() => change({ output: option.value })}
                    className="size-4 accent-brand-600"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <FormField label="Sorting">
          <Select
            options={SORTING_OPTIONS}
            value={choices.sorting}
            onChange={(event) => change({ sorting: event.target.value as LabelSorting })}
            className="w-56"
          />
        </FormField>
        {zpl ? (
          <div className="flex flex-wrap gap-x-4 gap-y-4">
            <FormField label="Printer resolution (DPMM)">
              <Select
                options={DPMM_OPTIONS}
                value={choices.dpmm}
                onChange={(event) => change({ dpmm: Number(event.target.value) as LabelDpmm })}
                className="w-56"
              />
            </FormField>
            <FormField label="Label size">
              <Select
                options={LABEL_SIZE_OPTIONS}
                value={choices.size}
                onChange={(event) => change({ size: event.target.value as LabelSize })}
                className="w-40"
              />
            </FormField>
          </div>
        ) : (
          <FormField label="Page size">
            <Select options={PAGE_OPTIONS} value={choices.page} onChange={(event) => change({ page: event.target.value as PdfPage })} className="w-40" />
          </FormField>
        )}
        {failure ? (
          <Alert variant="danger" title={failure.message}>
            {failure.detail}
          </Alert>
        ) : null}
      </form>
    </Dialog>
  );
}
