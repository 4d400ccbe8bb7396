/** The claims of a user or a role, edited in a dialog (spec 002 §3 User claim, §7.1; 000 §7 Roles). */
export { ClaimsDialog, type ClaimsDialogProps } from './ClaimsDialog'
export { claimKeys, claimsQuery, claimTypesQuery, saveClaims, useSaveClaims, type ClaimOwner } from './api'
export * from './claims'
