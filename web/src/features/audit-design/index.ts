/** The design review's face to other features: the order screen's audit-design tab. */
export { AuditDesignPanel, AuditDesignTabLabel, type AuditDesignPanelProps, type AuditOrder } from './AuditDesignPanel'
