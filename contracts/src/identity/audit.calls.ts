/** The audit trail's calls (ours, in identity), derived from their endpoints. */
import { callOf } from '../common/call';
import { auditEndpoints } from './audit.endpoints';

/** A view's History (`subject`) or the audit log page. */
export const getAuditPage = callOf(auditEndpoints.getAuditPage);
export const exportAudit = callOf(auditEndpoints.exportAudit);
