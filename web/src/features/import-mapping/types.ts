/**
 * Shapes of the import mapping area (docs/decisions/0010, "Import mappings and sheetmap").
 *
 * PROVISIONAL until the generated types hold the importmapping area: each becomes the
 * `Schemas[...]` named beside it (the shapes below copy internal/importmapping/model.go).
 */

/** 0 text, 1 integer, 2 decimal, 3 boolean, 4 date, 5 enumeration. */
export type ValueType = 0 | 1 | 2 | 3 | 4 | 5
export const VALUE_TYPES: readonly ValueType[] = [0, 1, 2, 3, 4, 5]
export const VALUE_TYPE_BOOLEAN: ValueType = 3
export const VALUE_TYPE_ENUMERATION: ValueType = 5

/** 0 .xlsx, 1 .csv. */
export type ImportFileType = 0 | 1
/** Of a .csv: 1 GB18030, 2 UTF-16LE, 3 UTF-8. */
export type ImportFileEncoding = 1 | 2 | 3

/** A cell's text → the stored value. */
export interface ItemMapping {
  source: string
  target: string
}

/** One rule of an import rule mapping (Schemas['ImportmappingMappingRule']). */
export interface MappingRule {
  /** 0-based; the pages show the column letter. */
  columnIndex: number
  fieldName: string
  valueType: ValueType
  required: boolean
  defaultValue?: string | null
  /** JSON array of {source, target}; empty for none. */
  itemsMapping?: string | null
  dictionaryCode?: string | null
}

/** An import rule mapping (Schemas['ImportmappingImportRuleMapping']). */
export interface ImportRuleMapping {
  id: string
  name: string
  moduleType: number
  importFileType: ImportFileType
  importFileEncoding: ImportFileEncoding
  readRows: number
  isDefault: boolean
  isEnable: boolean
  description?: string | null
  mappingRules: MappingRule[] | null
  creationTime: string
  concurrencyStamp?: string
}

/** Body of POST / PUT …/import-rule-mappings. */
export interface ImportRuleMappingBody {
  name: string
  moduleType: number
  importFileType: ImportFileType
  importFileEncoding: ImportFileEncoding
  readRows: number
  isDefault: boolean
  isEnable: boolean
  description?: string
  mappingRules: MappingRule[]
  concurrencyStamp?: string
}

/** One rule of a form field mapping: a member path instead of a column. */
export interface FormMappingRule extends Omit<MappingRule, 'columnIndex'> {
  sourceField: string
}

/** A form field mapping (Schemas['ImportmappingFormFieldMapping']). */
export interface FormFieldMapping {
  id: string
  name: string
  mappingType: number
  isEnable: boolean
  description?: string | null
  mappingRules: FormMappingRule[] | null
  creationTime: string
  concurrencyStamp?: string
}

export interface FormFieldMappingBody {
  name: string
  mappingType: number
  isEnable: boolean
  description?: string
  mappingRules: FormMappingRule[]
  concurrencyStamp?: string
}

export type SplitOperator = 'equals' | 'contains' | 'startsWith' | 'isEmpty' | 'isNotEmpty'
export const SPLIT_OPERATORS: readonly SplitOperator[] = ['equals', 'contains', 'startsWith', 'isEmpty', 'isNotEmpty']
export type LineType = 'product' | 'part' | 'standardProduct'
export const LINE_TYPES: readonly LineType[] = ['product', 'part', 'standardProduct']

/** One rule of an import split mapping. */
export interface SplitRule {
  order: number
  fieldName: string
  operator: SplitOperator
  value?: string | null
  lineType: LineType
}

/** An import split mapping (Schemas['ImportmappingImportSplitMapping']). */
export interface ImportSplitMapping {
  id: string
  name: string
  isDefault: boolean
  isEnable: boolean
  description?: string | null
  defaultLineType: LineType
  rules: SplitRule[] | null
  creationTime: string
  concurrencyStamp?: string
}

export interface ImportSplitMappingBody {
  name: string
  isDefault: boolean
  isEnable: boolean
  description?: string
  defaultLineType: LineType
  rules: SplitRule[]
  concurrencyStamp?: string
}

/** A field of a module type (GET …/module-types; Schemas['ImportmappingFieldInfo']). */
export interface ModuleField {
  name: string
  displayName: string
  /** 0–4: the field's own type; a rule may also read it as an enumeration (5). */
  valueType?: ValueType
  /** Every mapping of the module type maps it, and every row must have it. */
  required?: boolean
}

/** A module type with its fields, localised (Schemas['ImportmappingModuleTypeInfo']). */
export interface ModuleType {
  /** The number mappings store (moduleType, mappingType). */
  moduleType: number
  /** A stable name, e.g. salesOrderProducts. */
  name: string
  displayName: string
  fields: ModuleField[]
}

/** Module types whose fields a split rule may test: the sales-order line types. */
export const SALES_ORDER_LINE_MODULE_TYPES: readonly number[] = [1, 2, 3]

/** A data dictionary with its details (GET /api/dataDictionary/all; Schemas['DatadictionaryDictionaryWithDetails']). */
export interface DictionaryWithDetails {
  id: string
  code: string
  displayName: string
  details: { id: string; code: string; label: string; value: string; isEnable?: boolean }[] | null
}

/** One value of a previewed file that could not be read (Schemas['ImportmappingPreviewError']). */
export interface PreviewError {
  /** 1-based, as the spreadsheet shows it. */
  row: number
  /** Column letters. */
  column: string
  fieldName: string
  /** In the caller's language. */
  message: string
}

/** The answer of POST …/{id}/preview (Schemas['ImportmappingPreview']). */
export interface PreviewResult {
  /** The mapping's fields in rule order, with their columns. */
  fields: { fieldName: string; displayName: string; column: string; valueType: number }[] | null
  /** The first rows read without error (at most 20). */
  rows: { row: number; values: Record<string, unknown> | null }[] | null
  errors: PreviewError[] | null
  /** Errors beyond the listed ones. */
  moreErrors: number
  /** Data rows in the file (blank rows not counted). */
  totalRows: number
  /** Data rows read without error. */
  validRows: number
}
