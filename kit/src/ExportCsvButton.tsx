import { useState } from 'react';
import { errorMessage, notify } from 'shared';
import { Button } from './Button';

/**
 * Export CSV for a list paged on the server: `download` fetches the server's export of every
 * row the list's filters select and hands it to the browser; while it runs the button spins,
 * and a failure says so (the server's text, else `failure`).
 */
export function ExportCsvButton({ download, failure }: { download: () => Promise<void>; failure: string }) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await download();
    } catch (error) {
      notify.error(errorMessage(error, failure));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={exporting} onClick={() => void run()}>
      Export CSV
    </Button>
  );
}
