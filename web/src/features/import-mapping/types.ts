/**
 * Shapes of the import mapping area (docs/decisions/0010, "Import mappings and sheetmap"),
 * aliases of the types generated from the server's OpenAPI document (src/api/gen/schema.d.ts).
 */
import type { Schemas } from '../../api/types'

/** 0 text, 1 integer, 2 decimal, 3 boolean, 4 date, 5 enumeration. */
export type ValueType = 0 | 1 | 2 | 3 | 4 | 5
export const VALUE_TYPES: readonly ValueType[] = [0, 1, 2, 3, 4, 5]
export const VALUE_TYPE_BOOLEAN: ValueType = 3
export const VALUE_TYPE_ENUMERATION: ValueType = 5

/** 0 .xlsx, 1 .csv. */
export type ImportFileType = 0 | 1
/** Of a .csv: 1 GB18030, 2 UTF-16LE, 3 UTF-8. */
export type ImportFileEncoding = 1 | 2 | 3

/** A cell's text → the stored value (one entry of a rule's itemsMapping JSON). */
export interface ItemMapping {
  source: string
  target: string
}

/** One rule of an import rule mapping; itemsMapping is a JSON array of {source, target} ('' for none). */
export type MappingRule = Schemas['ImportmappingMappingRule']

/** An import rule mapping. */
export type ImportRuleMapping = Schemas['ImportmappingImportRuleMapping']

/** Body of POST / PUT …/import-rule-mappings. */
export type ImportRuleMappingBody = Schemas['ImportmappingUpdateImportRuleMappingInput']

/** One rule of a form field mapping: a member path instead of a column. */
export type FormMappingRule = Schemas['ImportmappingFormFieldRule']

/** A form field mapping. */
export type FormFieldMapping = Schemas['ImportmappingFormFieldMapping']

/** Body of POST / PUT /api/app/formFieldMappings. */
export type FormFieldMappingBody = Schemas['ImportmappingUpdateFormFieldMappingInput']

/** One rule of an import split mapping. */
export type SplitRule = Schemas['ImportmappingSplitRule']
export type SplitOperator = SplitRule['operator']
export const SPLIT_OPERATORS: readonly SplitOperator[] = ['equals', 'contains', 'startsWith', 'isEmpty', 'isNotEmpty']
export type LineType = SplitRule['lineType']
export const LINE_TYPES: readonly LineType[] = ['product', 'part', 'standardProduct']

/** An import split mapping. */
export type ImportSplitMapping = Schemas['ImportmappingImportSplitMapping']

/** Body of POST / PUT …/import-split-mappings. */
export type ImportSplitMappingBody = Schemas['ImportmappingUpdateImportSplitMappingInput']

/** A field of a module type (GET …/module-types). */
export type ModuleField = Pick<Schemas['ImportmappingFieldInfo'], 'name' | 'displayName'> & Partial<Pick<Schemas['ImportmappingFieldInfo'], 'valueType' | 'required'>>

/** A module type with its fields, localised. */
export type ModuleType = Omit<Schemas['ImportmappingModuleTypeInfo'], 'fields'> & { fields: ModuleField[] }

/** Module types whose fields a split rule may test: the sales-order line types. */
export const SALES_ORDER_LINE_MODULE_TYPES: readonly number[] = [1, 2, 3]

/** A data dictionary with its details (GET /api/dataDictionary/all), as far as the rule editor reads it. */
export type DictionaryWithDetails = Pick<Schemas['DatadictionaryDictionaryWithDetails'], 'id' | 'code' | 'displayName'> & {
  details: Pick<Schemas['DatadictionaryDetail'], 'id' | 'code' | 'label' | 'value'>[] | null
}

/** One value of a previewed file that could not be read. */
export type PreviewError = Schemas['ImportmappingPreviewError']

/** The answer of POST …/{id}/preview. */
export type PreviewResult = Schemas['ImportmappingPreview']
