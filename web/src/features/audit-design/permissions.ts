import { Permissions as P } from '../../components'

/**
 * Permission names of the design review (internal/auditdesign/permissions.go, generated into
 * src/api/gen/permissions.ts), so a name the server drops or renames stops the build.
 */
export const AuditPermissions = {
  Read: P['AuditDesign'],
  Claim: P['AuditDesign.Claim'],
  /** Assign a waiting sheet (the server's spelling). */
  Assign: P['AuditDesign.Assgin'],
  /** Hand on a claimed sheet (the server's spelling); the claimer may without it. */
  Transfer: P['AuditDesign.Transfaner'],
  Reject: P['AuditDesign.Reject'],
  Sendback: P['AuditDesign.Sendback'],
  Pass: P['AuditDesign.Pass'],
  Discard: P['AuditDesign.Discard'],
  /** Revoke, and the separate pallet. */
  Edit: P['AuditDesign.Edit'],
  /** The design JSON. */
  Download: P['AuditDesign.Download'],
  /** The quotation. */
  MadePrice: P['AuditDesign.MadePrice'],
  /** Choose and cancel the order's design scheme. */
  OrderEdit: P['SalesOrder.Orders.Edit'],
} as const
