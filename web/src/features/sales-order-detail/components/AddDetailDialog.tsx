import { useState } from 'react'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { PartPickerModal, ProductPickerModal, StandardProductPickerModal, useClickGuard } from '../../../components/catalog-pickers'
import { addPickedLines } from '../api'
import type { LineTableKey } from '../types'

/** The tables whose lines are picked from a catalogue (sales lists are typed in). */
export const pickerTables: ReadonlySet<LineTableKey> = new Set<LineTableKey>(['product', 'matter', 'standardProduct'])

export interface AddDetailDialogProps {
  open: boolean
  orderId: string
  table: LineTableKey
  onClose: () => void
  /** Saves pending edits first; false stops the add. */
  prepare: () => Promise<boolean>
  onAdded: () => Promise<unknown> | void
}

/**
 * The add-detail dialog (spec 000 §2, "select"): the product, parts or standard-product picker
 * of the table; Confirm posts the picked rows' ids and the server copies them into lines (price,
 * amount, count 1). A second Confirm within 2 s is ignored (spec 000 §4), so a double click adds once.
 */
export function AddDetailDialog({ open, orderId, table, onClose, prepare, onAdded }: AddDetailDialogProps) {
  const { t } = useTranslation('sales-order-detail')
  const { message } = App.useApp()
  const guard = useClickGuard()
  const [adding, setAdding] = useState(false)

  const add = async (ids: string[]) => {
    if (!ids.length || adding) return
    setAdding(true)
    try {
      if (!(await prepare())) return
      await addPickedLines(orderId, table, ids)
      message.success(t('add.done', { count: ids.length }))
      onClose()
      await onAdded()
    } catch (e) {
      console.error(e)
    } finally {
      setAdding(false)
    }
  }
  const onConfirm = (items: { id: string }[]) => guard('add', () => void add(items.map((i) => i.id)))
  const props = { open, onCancel: onClose, onConfirm, confirmLoading: adding, title: t(`add.title.${table}`) }

  switch (table) {
    case 'product':
      return <ProductPickerModal {...props} />
    case 'matter':
      return <PartPickerModal {...props} />
    case 'standardProduct':
      return <StandardProductPickerModal {...props} />
    default:
      return null
  }
}
