/**
 * The design platform's dialogs that several places use: the plan picker (the order screen's
 * audit-design tab) and the binding of the caller's account (the user menu, loaded lazily),
 * with the calls and types they share with the viewer (src/features/home-design).
 */
export { PlanPickerDialog, type PlanPickerDialogProps } from './PlanPickerDialog'
export { BindingDialog, type BindingDialogProps } from './BindingDialog'
export {
  ACCOUNT_MAX_LENGTH,
  HOME_DESIGN_PATH,
  PLANS_FETCHED,
  PLANS_PER_PAGE,
  bindingQuery,
  homeDesignKeys,
  invalidateBinding,
  plansQuery,
  saveBinding,
  type BindingAction,
} from './api'
export type { BindingInfo, Plan } from './types'
export { HOME_DESIGN_DIALOGS_NS, ensureHomeDesignTexts, useHomeDesignT } from './texts'
