import { auditSubject } from 'contracts/common';
import { HistoryTab } from 'kit';

/** The audit trail's entity of an import system's changes (the API's `audit({ entity: 'import-system' })`). */
const ENTITY = 'import-system';

/**
 * An import system's History: the API records an import system's changes under its project
 * (`project:{projectId}`), so this lists the changes to the import systems of that project —
 * this one's and its siblings', each naming its fields — newest first, paged on the server,
 * with Export CSV. It is the kit's HistoryTab narrowed to the import system entries, which the
 * project's whole History would bury among the project's own changes.
 */
export function ImportHistoryTab({ projectId }: { projectId: number }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{`Changes to the import systems of project ${projectId}, newest first.`}</p>
      <HistoryTab subject={auditSubject('project', projectId)} entity={ENTITY} />
    </div>
  );
}
