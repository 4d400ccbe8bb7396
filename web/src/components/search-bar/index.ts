/** The search bar of list pages (spec 002 §2.5). */
export { SearchBar, searchValues, type SearchBarProps, type SearchField, type SearchFieldType, type SearchValues } from './SearchBar'
export { useLabelWidth, useWindowWidth, NARROW_WINDOW_WIDTH, NARROW_LABEL_WIDTH } from './useLabelWidth'
