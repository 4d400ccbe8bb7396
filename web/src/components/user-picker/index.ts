/** A picker of the tenant's users (searched and paged on the server), on its own or in a dialog. */
export { UserPicker, UserPickerModal, type UserPickerProps, type UserPickerModalProps } from './UserPicker'
export { searchUsers, userSearchQuery, userPickerKeys, userLabel, type UserLookup } from './api'
export { USER_PICKER_NS, useUserPickerT, ensureUserPickerTexts } from './texts'
