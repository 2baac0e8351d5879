import { useState } from 'react';
import { SiteMessages, siteSearchCsvEndpoints } from 'contracts/projects-sites';
import { Button } from 'kit';
import { errorMessage, notify, useMayCall } from 'shared';
import { downloadSiteCsv } from './siteCsv.api';
import { SiteImportDialog } from './SiteImportDialog';

/**
 * The Sites tab's Export CSV and Import CSV (ours, issue 27, beyond the spec): the project's
 * hierarchy as a file to edit in a spreadsheet (archived sites too while the tab shows them),
 * and that file imported back, keeping the sites' ids, after a preview. Full-size buttons, as
 * the tab's other actions (the lists' ExportCsvButton is a toolbar's small one).
 */
export function SiteCsvActions({ projectId, includeArchived }: { projectId: number; includeArchived: boolean }) {
  const mayImport = useMayCall(siteSearchCsvEndpoints.importSites);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadSiteCsv(projectId, includeArchived);
    } catch (error) {
      notify.error(errorMessage(error, SiteMessages.csvExportFailed));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
        Export CSV
      </Button>
      {mayImport ? (
        <>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <SiteImportDialog projectId={projectId} open={importing} onOpenChange={setImporting} />
        </>
      ) : null}
    </>
  );
}
