/** A select over a data dictionary's details by code, and the hook under it. */
export { DictionarySelect, type DictionarySelectProps } from './DictionarySelect'
export { useDictionary, dictionaryChoicesQuery, dictionaryKeys, type DictionaryChoices, type DictionaryDetail } from './useDictionary'
