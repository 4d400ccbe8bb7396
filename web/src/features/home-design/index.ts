/**
 * What other features use of the design platform: the plan picker (the audit-design tab) and
 * the binding dialog (the user menu).
 */
export { PlanPickerDialog, type PlanPickerDialogProps } from './components/PlanPickerDialog'
export { BindingDialog, type BindingDialogProps } from './components/BindingDialog'
export type { Plan } from './types'
