/** Catalogue pickers (select mode) and the catalogue helpers the catalogue pages share. */
export {
  CatalogItemPicker,
  ProductPicker,
  PartPicker,
  ProductPickerModal,
  PartPickerModal,
  type CatalogItemPickerProps,
  type PickerModalProps,
} from './CatalogItemPicker'
export { StandardProductPicker, StandardProductPickerModal, type StandardProductPickerProps } from './StandardProductPicker'
export { CatalogTree, type CatalogTreeProps } from './CatalogTree'
export * from './catalogTree'
export * from './types'
export * from './api'
export { createClickGuard, useClickGuard, clickGuardOff, CLICK_GUARD_MS } from './clickGuard'
export { cleanPayload } from './payload'
export { EnabledMark, ItemImage, Described, itemFields, itemColumnMeta, renderItemField, ITEM_COLUMN_FIELDS, SORTABLE_ITEM_FIELDS, type ItemColumnField } from './itemColumns'
export { PICKER_NS, usePickerT, ensurePickerTexts } from './texts'
