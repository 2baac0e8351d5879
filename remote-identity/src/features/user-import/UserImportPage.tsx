import { useState } from 'react';
import { Link } from 'react-router';
import { UserImportMessages, type UserImportReply } from 'contracts/identity';
import { Alert, Button, Card, Checkbox, DataTableFilter, LicenseSelect, PageHeader } from 'kit';
import { errorMessage, notify, Role, useHasRole } from 'shared';
import { usersRoute } from '../users/users.routes';
import { downloadTemplate, downloadUsersForImport, readUserFile, refusedPreview, useImportUsers, usePreviewUserImport } from './userImport.api';
import { UserImportFile } from './UserImportFile';
import { UserImportPreview } from './UserImportPreview';
import { UserImportProgress } from './UserImportProgress';

/** The file chosen, its text and its dry run. */
interface Checked {
  fileName: string;
  text: string;
  rows: number;
  reply: UserImportReply;
}

/** Rows of a file, roughly (lines after the header), for the progress text before the server has counted them. */
const roughRows = (text: string) => Math.max(0, text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length - 1);

/**
 * Import users (ours, issue 39): the template and the current users to download, the file
 * (chosen or dropped), its dry run — every row new, changed, unchanged or refused, the seats it
 * takes, unknown groups —, the welcome mail choice, and Apply, which writes every valid row or
 * nothing and ends with the result and a link back to the list.
 */
export default function UserImportPage() {
  const allLicenses = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  const [licenseId, setLicenseId] = useState<number | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [reading, setReading] = useState<{ rows: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sendWelcome, setSendWelcome] = useState(false);
  const [done, setDone] = useState<UserImportReply | null>(null);
  const preview = usePreviewUserImport();
  const apply = useImportUsers();

  const check = async (file: File, license = licenseId) => {
    setChecked(null);
    setProblem(null);
    setDone(null);
    apply.reset();
    const read = await readUserFile(file);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    const rows = roughRows(read.text);
    setReading({ rows });
    await preview.mutateAsync({ text: read.text, licenseId: license }).then(
      (reply) => setChecked({ fileName: file.name, text: read.text, rows, reply }),
      (error: unknown) => setProblem(errorMessage(error, UserImportMessages.previewFailed)),
    );
    setReading(null);
  };
  const importNow = async () => {
    if (!checked) return;
    await apply.mutateAsync({ text: checked.text, licenseId, sendWelcome }).then(
      (reply) => {
        setDone(reply);
        setChecked(null);
      },
      (error: unknown) => {
        // Refused now (the licence changed since the dry run): show the new preview.
        const again = refusedPreview(error);
        if (again) setChecked({ ...checked, reply: again });
      },
    );
  };
  const download = (what: () => Promise<void>) => () =>
    void what().catch((error: unknown) => notify.error(errorMessage(error, UserImportMessages.templateFailed)));

  const refusedNow = refusedPreview(apply.error);
  const busy = preview.isPending || apply.isPending;
  return (
    <div className="space-y-4">
      <PageHeader
        title="Import users"
        back={{ to: usersRoute.to({}), label: 'Users' }}
        description={
          'Create and update users from a CSV file: one row per user, the columns named in a header row. ' + 'Nothing is saved until you apply the preview.'
        }
      />
      <Card>
        <div className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            {allLicenses ? (
              <DataTableFilter label="License">
                <LicenseSelect
                  value={licenseId}
                  allLabel="Your own license"
                  onChange={(id) => {
                    setLicenseId(id);
                    setChecked(null);
                    setDone(null);
                  }}
                />
              </DataTableFilter>
            ) : null}
            <Button variant="secondary" onClick={download(downloadTemplate)}>
              Download template
            </Button>
            <Button variant="secondary" onClick={download(() => downloadUsersForImport(licenseId))}>
              Export users for import
            </Button>
          </div>
          <p className="text-sm text-slate-700">
            Columns: userName (required), firstName, lastName, email, phoneNumber, companyName, position, userGroups and productLicenses (names separated by |),
            isSsoUser (true or false). A row whose username exists changes that user; the groups and product licenses it names are added, never removed.
          </p>
          <UserImportFile
            onFile={(file) => void check(file)}
            disabled={busy}
            hint={checked ? `Checked: ${checked.fileName}. Choose it again after editing it.` : undefined}
          />
        </div>
      </Card>

      <div aria-live="polite" className="space-y-4">
        {reading && preview.isPending ? <UserImportProgress doing="Checking" rows={reading.rows} /> : null}
        {problem ? <Alert variant="danger">{problem}</Alert> : null}
        {refusedNow ? <Alert variant="danger">{errorMessage(apply.error, UserImportMessages.applyFailed)}</Alert> : null}
        {done ? (
          <Alert variant="success" title="Users imported">
            <p>{done.Message}</p>
            {done.mailed > 0 ? <p>{`${done.mailed} welcome ${done.mailed === 1 ? 'e-mail' : 'e-mails'} sent.`}</p> : null}
            <Link to={usersRoute.to({})} className="font-medium text-brand-700 underline">
              Back to the users list
            </Link>
          </Alert>
        ) : null}
      </div>

      {checked ? (
        <Card>
          <div className="space-y-4">
            <UserImportPreview reply={checked.reply} />
            <div className="flex flex-wrap items-center gap-4 border-t border-slate-200 pt-4">
              <Checkbox
                label="Send welcome e-mail to new users (a link to choose a password)"
                checked={sendWelcome}
                onChange={(e) => setSendWelcome(e.target.checked)}
                disabled={busy}
              />
              <Button onClick={() => void importNow()} disabled={!checked.reply.canApply || busy} loading={apply.isPending}>
                Apply
              </Button>
            </div>
            {apply.isPending ? <UserImportProgress doing="Importing" rows={checked.rows} /> : null}
          </div>
        </Card>
      ) : null}
    </div>
  );
}
