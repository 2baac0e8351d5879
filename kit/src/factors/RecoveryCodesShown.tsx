import { FactorMessages } from 'contracts/auth/model';
import { Alert } from '../Alert';
import { Button } from '../Button';

/** The .txt a user downloads: the codes, one a line, with what they are for. */
export function recoveryCodesText(codes: readonly string[], userName: string, productName: string): string {
  return [`${productName} recovery codes for ${userName}`, 'Each code works once, in place of the authenticator app’s code.', '', ...codes, ''].join('\n');
}

export interface RecoveryCodesShownProps {
  codes: readonly string[];
  userName: string;
  productName?: string;
}

/** New recovery codes, shown this once (issue 40), with a download as a text file. */
export function RecoveryCodesShown({ codes, userName, productName = 'SiteSense' }: RecoveryCodesShownProps) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, userName, productName)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${productName.toLowerCase()}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-3">
      <Alert variant="warning">{FactorMessages.recoveryCodesShownOnce}</Alert>
      <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={download}>
        Download as .txt
      </Button>
    </div>
  );
}
