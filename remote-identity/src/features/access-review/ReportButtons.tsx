import { useState } from 'react';
import { Button } from 'kit';
import { errorMessage, notify } from 'shared';
import { downloadReport } from './accessReview.api';

/** The review's report, as CSV and as PDF: each button spins while its file comes, and a failure says so. */
export function ReportButtons({ reviewId }: { reviewId: number }) {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const run = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      await downloadReport(reviewId, format);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to download the report.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" loading={busy === 'csv'} onClick={() => void run('csv')}>
        Report CSV
      </Button>
      <Button variant="secondary" size="sm" loading={busy === 'pdf'} onClick={() => void run('pdf')}>
        Report PDF
      </Button>
    </div>
  );
}
