// The audit module's face: what other modules may use.
export { AuditEntryEntity } from "./audit-entry.entity";
export { AuditResolver } from "./audit.resolver";
export { AuditService, type AuditResource } from "./audit.service";
export { AuditEntryType, type AuditEntryRoot } from "./audit.types";
