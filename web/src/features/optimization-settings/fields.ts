/** The fields a cut list's column may fill (decision 0013), in the server's order; the first five are required. */
export const CUT_LIST_FIELDS = [
  'partName',
  'partCode',
  'materialCode',
  'thickness',
  'length',
  'width',
  'count',
  'grain',
  'edgeTop',
  'edgeBottom',
  'edgeLeft',
  'edgeRight',
  'orderNo',
  'cabinet',
  'remark',
] as const

export type CutListField = (typeof CUT_LIST_FIELDS)[number]

/** What a cut list cannot do without. */
export const REQUIRED_FIELDS: readonly CutListField[] = ['materialCode', 'thickness', 'length', 'width', 'count']

/** The spreadsheet letter of a 0-based column index (0 → A, 26 → AA). */
export function columnLetter(index: number): string {
  if (!Number.isInteger(index) || index < 0) return ''
  let n = index + 1
  let out = ''
  while (n > 0) {
    const r = (n - 1) % 26
    out = String.fromCharCode(65 + r) + out
    n = Math.floor((n - 1) / 26)
  }
  return out
}

/** A detail row as the dialog edits it. */
export interface DetailRow {
  key: string
  columnIndex: number | null
  field: CutListField | ''
  title: string
}

/** The required fields rows do not map, in the server's order. */
export function missingFields(rows: readonly Pick<DetailRow, 'field'>[]): CutListField[] {
  const have = new Set(rows.map((r) => r.field))
  return REQUIRED_FIELDS.filter((f) => !have.has(f))
}

/** The next free column after the rows' (0 for none). */
export function nextColumn(rows: readonly Pick<DetailRow, 'columnIndex'>[]): number {
  return rows.reduce((m, r) => (r.columnIndex != null && r.columnIndex >= m ? r.columnIndex + 1 : m), 0)
}

/** Problems of the rows before a save: a column or a field used twice (index → member → message key). */
export function rowProblems(rows: readonly DetailRow[]): Record<number, Partial<Record<'columnIndex' | 'field', string>>> {
  const out: Record<number, Partial<Record<'columnIndex' | 'field', string>>> = {}
  const cols = new Set<number>()
  const fields = new Set<string>()
  rows.forEach((r, i) => {
    if (r.columnIndex == null) (out[i] ??= {}).columnIndex = 'detail.columnRequired'
    else if (cols.has(r.columnIndex)) (out[i] ??= {}).columnIndex = 'detail.columnTwice'
    if (r.columnIndex != null) cols.add(r.columnIndex)
    if (!r.field) (out[i] ??= {}).field = 'detail.fieldRequired'
    else if (fields.has(r.field)) (out[i] ??= {}).field = 'detail.fieldTwice'
    if (r.field) fields.add(r.field)
  })
  return out
}
