/** The operator audit log as other modules write it: an entry recorded in the write's own transaction. */
export { record, type AuditEntry } from './audit.repo';
