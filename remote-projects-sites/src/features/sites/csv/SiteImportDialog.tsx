import { useId, useState, type ChangeEvent } from 'react';
import { SiteMessages, type SiteImportReply } from 'contracts/projects-sites';
import { Alert, Button, Dialog, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { problemsOf, readSiteFile, useImportSites, usePreviewSiteImport } from './siteCsv.api';
import { SiteImportPreview } from './SiteImportPreview';

/** The file chosen and its preview (the dry run's answer). */
interface Checked {
  fileName: string;
  text: string;
  reply: SiteImportReply;
}

/**
 * Import CSV (ours, issue 27): choose a file → its dry run → the preview (what each row does,
 * the problems with their lines, that nothing is deleted) → Apply, which imports it all or
 * nothing and closes with the toast. A problem found only then (the sites changed since the
 * preview) shows here, and nothing is imported.
 */
export function SiteImportDialog({ projectId, open, onOpenChange }: { projectId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const preview = usePreviewSiteImport(projectId);
  const apply = useImportSites(projectId);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();

  const reset = () => {
    setChecked(null);
    setProblem(null);
    preview.reset();
    apply.reset();
  };
  const close = (next: boolean) => {
    if (!next && apply.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after it is edited.
    event.target.value = '';
    if (!file) return;
    reset();
    const read = await readSiteFile(file);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    await preview.mutateAsync(read.text).then(
      (reply) => setChecked({ fileName: file.name, text: read.text, reply }),
      (error: unknown) => setProblem(errorMessage(error, SiteMessages.csvImportFailed)),
    );
  };
  const importNow = async () => {
    if (!checked) return;
    await apply.mutateAsync(checked.text).then(
      () => close(false),
      () => undefined,
    );
  };

  const refused = problemsOf(apply.error);
  const problems = refused ?? checked?.reply.problems ?? [];
  const counts = checked?.reply.counts;
  const changes = counts ? counts.created + counts.renamed + counts.moved : 0;
  const ready = checked !== null && problems.length === 0 && changes > 0;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="lg"
      title="Import sites from CSV"
      description={SiteMessages.csvHowTo}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={apply.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void importNow()} disabled={!ready} loading={apply.isPending}>
            Apply
          </Button>
        </>
      }
    >
      <div className="space-y-4 pb-2">
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            Site file (CSV)
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={preview.isPending || apply.isPending}
            onChange={(event) => void choose(event)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border
                file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium
                file:text-slate-700 hover:file:bg-slate-50"
          />
          <p id={hintId} className="text-xs text-slate-500">
            {checked ? `Checked: ${checked.fileName}. Choose it again after editing it.` : 'At most 10,000 rows and 2 MB.'}
          </p>
        </div>
        <div aria-live="polite" className="space-y-3">
          {preview.isPending ? <Spinner label="Checking the file" /> : null}
          {problem ? <Alert variant="danger">{problem}</Alert> : null}
          {refused ? <Alert variant="danger">{SiteMessages.csvHasProblems}</Alert> : null}
          {checked ? <SiteImportPreview reply={checked.reply} problems={problems} /> : null}
        </div>
      </div>
    </Dialog>
  );
}
