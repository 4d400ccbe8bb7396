import { useMemo, type HTMLAttributes } from 'react'
import type { TableRowSelection } from 'antd/es/table/interface'
import { useClickGuard } from './clickGuard'

export interface PickSelectionOptions<T extends { id: string }> {
  value: readonly T[]
  onChange: (next: T[]) => void
  multiple: boolean
  disabledIds: readonly string[]
  /** The rows the table shows now. */
  rows: readonly T[]
  /** data-testid of each row. */
  rowTestId: string
  /** Extra attributes per row (e.g. data-name for tests). */
  rowAttributes?: (row: T) => Record<string, string>
}

/**
 * What every picker's table shares: ticked rows from `value`, disabled ones never ticked,
 * single or multiple choice, a row click toggles (a second click within 2 s is ignored).
 */
export function usePickSelection<T extends { id: string }>({ value, onChange, multiple, disabledIds, rows, rowTestId, rowAttributes }: PickSelectionOptions<T>) {
  const guard = useClickGuard()
  const pickedIds = useMemo(() => new Set(value.map((v) => v.id)), [value])
  const disabled = useMemo(() => new Set(disabledIds), [disabledIds])

  const toggle = (row: T, on: boolean) => {
    if (disabled.has(row.id)) return
    if (on) {
      if (!pickedIds.has(row.id)) onChange(multiple ? [...value, row] : [row])
    } else onChange(value.filter((v) => v.id !== row.id))
  }

  const rowSelection: TableRowSelection<T> = {
    type: multiple ? 'checkbox' : 'radio',
    selectedRowKeys: rows.filter((r) => pickedIds.has(r.id)).map((r) => r.id),
    getCheckboxProps: (r) => ({ disabled: disabled.has(r.id) }),
    onSelect: (r, on) => toggle(r, on),
    onSelectAll: (on, _rows, changed) => {
      if (on) onChange([...value, ...changed.filter((r) => !pickedIds.has(r.id) && !disabled.has(r.id))])
      else {
        const off = new Set(changed.map((r) => r.id))
        onChange(value.filter((v) => !off.has(v.id)))
      }
    },
  }

  const onRow = (row: T) =>
    ({
      onClick: () => guard(`row:${row.id}`, () => toggle(row, !pickedIds.has(row.id))),
      'data-testid': rowTestId,
      ...(rowAttributes?.(row) ?? {}),
    }) as HTMLAttributes<HTMLElement>

  return { pickedIds, toggle, rowSelection, onRow }
}
