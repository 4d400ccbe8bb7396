/** Catalogue pickers (select mode) and the catalogue helpers the catalogue pages share. */
export {
  CatalogItemPicker,
  ProductPicker,
  PartPicker,
  ProductPickerModal,
  PartPickerModal,
  filterByName,
  type CatalogItemPickerProps,
  type PickerModalProps,
} from './CatalogItemPicker'
export { StandardProductPicker, StandardProductPickerModal, type StandardProductPickerProps } from './StandardProductPicker'
export { CatalogTree, type CatalogTreeProps } from './CatalogTree'
export * from './catalogTree'
export * from './types'
export * from './api'
export * from './loadMore'
export { useLoadMore } from './useLoadMore'
export { createClickGuard, useClickGuard, CLICK_GUARD_MS } from './clickGuard'
export { cleanPayload } from './payload'
export { EnabledMark, ItemImage, Described, itemFields, itemColumnMeta, renderItemField, ITEM_COLUMN_FIELDS, type ItemColumnField } from './itemColumns'
export { PICKER_NS, usePickerT, ensurePickerTexts } from './texts'
