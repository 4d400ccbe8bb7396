import type { RuleRow } from '../ruleRows'
import type { RuleCell, RuleProblems } from '../rules'

/** The editor cell a server member of a rule belongs to. */
const CELL_OF: Record<string, RuleCell> = {
  columnIndex: 'column',
  sourceField: 'sourceField',
  fieldName: 'fieldName',
  valueType: 'fieldName',
  defaultValue: 'defaultValue',
  itemsMapping: 'mapping',
  dictionaryCode: 'mapping',
}

/** The server's messages about rules (by index and member) as the editor's problems (by row key and cell). */
export function serverRuleProblems(rows: readonly RuleRow[], byIndex: Record<number, Record<string, string>>): RuleProblems {
  const out: RuleProblems = { rows: {} }
  for (const [i, members] of Object.entries(byIndex)) {
    const row = rows[Number(i)]
    if (!row) continue
    const cells: Partial<Record<RuleCell, string>> = {}
    for (const [member, msg] of Object.entries(members)) {
      const cell = CELL_OF[member] ?? 'fieldName'
      cells[cell] ??= msg
    }
    out.rows[row.key] = cells
  }
  return out
}
