import { useMemo, useState, type HTMLAttributes } from 'react'
import { App, Button, Dropdown, Flex, Space, Tooltip } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { MenuProps } from 'antd'
import { CheckOutlined, DeleteOutlined, DownOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, pagedList } from '../../../components'
import { DETAIL_PAGE_SIZE, clearTable, exportTable, grantedActionsOf, invalidateOrderLists, linePageQuery, orderKeys } from '../api'
import { addLine, addLineFiles, cancelEdit, editCell, pageRows, removeLine, removeLineFile, dropTable, setEditing, uploadedOf, type EditStore, type LineEdits } from '../lineEdits'
import { columnTitle, isComputed, widgetOf, type LineDraft } from '../lines'
import type { DetailAction, DetailTable, LineTableKey } from '../types'
import { LineCell } from './LineCell'
import { AddDetailDialog, pickerTables } from './AddDetailDialog'
import { ImportDialog } from './ImportDialog'

export interface LineTableProps {
  orderId: string
  orderNumber: string
  table: DetailTable & { key: LineTableKey }
  /** The order's status lets its lines change (draft or submitted). */
  editable: boolean
  /** The user may edit lines in place (the batch update). */
  canEdit: boolean
  /** The user may upload order files (to a line's file column). */
  canUploadFiles: boolean
  edits: LineEdits
  store: EditStore
  saving: boolean
  /** Saves pending changes before a call that changes lines on the server; false stops the call. */
  flush: () => Promise<boolean>
  /** Deletes on the server the files a cancelled edit uploaded. */
  discardFiles: (fileIds: readonly string[]) => Promise<void>
}

/** Actions that change lines; only export is offered once the order's lines are frozen. */
const CHANGING: ReadonlySet<DetailAction> = new Set(['create', 'select', 'importExcel', 'clear'])

/**
 * One detail table of the order (spec 000 §2): its lines paged on the server 50 at a time, the
 * columns of its configuration, lines edited in place (each row's edit mode; computed columns
 * evaluated as the user types), and the actions menu with the actions granted to the user.
 */
export function LineTable({ orderId, orderNumber, table, editable, canEdit, canUploadFiles, edits, store, saving, flush, discardFiles }: LineTableProps) {
  const { t } = useTranslation('sales-order-detail')
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const [page, setPage] = useState(1)
  const [dialog, setDialog] = useState<'select' | 'import' | null>(null)
  const [busy, setBusy] = useState(false)
  const key = table.key
  const columns = useMemo(() => table.columns ?? [], [table.columns])
  const query = useQuery({ ...linePageQuery(orderId, key, (page - 1) * DETAIL_PAGE_SIZE), placeholderData: keepPreviousData })
  const base = pagedList(query)
  const rows = pageRows(edits, key, query.data?.items ?? [], page === 1)
  const list = { ...base, rows }

  const tableTitle = table.displayName || t(`table.${key}`)
  const actions = grantedActionsOf(table).filter((a) => (editable || !CHANGING.has(a)) && (a !== 'select' || pickerTables.has(key)))
  // The actions column (edit mode, delete) needs columns, the edit permission and an order whose lines may change.
  const rowEditing = columns.length > 0 && canEdit && editable

  /** After a call changed the lines on the server: the table and the order (totals, stamp) read again. */
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: orderKeys.table(orderId, key) }),
      qc.invalidateQueries({ queryKey: orderKeys.order(orderId), exact: true }),
      invalidateOrderLists(qc, orderId),
    ])

  const run = async (fn: () => Promise<void>) => {
    setBusy(true)
    try {
      if (!(await flush())) return
      await fn()
    } catch (e) {
      console.error(e)
    } finally {
      setBusy(false)
    }
  }

  const onAction = (a: DetailAction) => {
    switch (a) {
      case 'create':
        store.set((s) => addLine(s, key, columns))
        setPage(1)
        return
      case 'select':
        setDialog('select')
        return
      case 'importExcel':
        setDialog('import')
        return
      case 'clear':
        modal.confirm({
          type: 'warning',
          title: t('tips'),
          content: t('clear.confirm', { table: tableTitle }),
          okText: t('confirm'),
          cancelText: t('cancel'),
          onOk: () =>
            run(async () => {
              await clearTable(orderId, key)
              store.set((s) => dropTable(s, key))
              setPage(1)
              await refresh()
              message.success(t('clear.done'))
            }),
        })
        return
      case 'export':
        void run(() => exportTable(orderId, key, `${orderNumber}-${tableTitle}.xlsx`))
    }
  }

  const menu: MenuProps = {
    items: actions.map((a) => ({ key: a, label: <span data-testid={`action-${a}`}>{t(`action.${a}`)}</span> })),
    onClick: ({ key: a }) => onAction(a as DetailAction),
  }

  const confirmRemove = (row: LineDraft) =>
    modal.confirm({
      title: t('tips'),
      content: t('line.confirmDelete', { name: row.name || row.code || '' }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: () => store.set((s) => removeLine(s, key, row.id)),
    })

  /** Ends the edit of a line without saving it: its changes go, and the files it uploaded are deleted on the server. */
  const cancel = (row: LineDraft) => {
    const uploaded = uploadedOf(store.get(), row.id)
    store.set((s) => cancelEdit(s, key, row.id))
    void discardFiles(uploaded)
  }

  const tableColumns: ColumnsType<LineDraft> = columns.map((c) => ({
    key: c.key,
    title: columnTitle(c),
    width: c.displayWidth || undefined,
    ellipsis: !isComputed(c) && widgetOf(c) !== 'file',
    render: (_: unknown, row: LineDraft) => (
      <LineCell
        column={c}
        line={row}
        editing={edits.editing.includes(row.id)}
        disabled={saving}
        error={edits.errors[row.id]?.[c.key]}
        onChange={(v) => store.set((s) => editCell(s, key, row, c.key, v, columns))}
        files={{
          orderId,
          canUpload: canUploadFiles,
          onAdded: (fs) => store.set((s) => addLineFiles(s, key, row, c.key, fs, columns)),
          onRemoved: (id) => store.set((s) => removeLineFile(s, key, row, c.key, id, columns)),
        }}
      />
    ),
  }))
  if (rowEditing)
    tableColumns.push({
      key: '__actions',
      title: t('actions'),
      width: 120,
      fixed: 'right',
      render: (_: unknown, row: LineDraft) => {
        const on = edits.editing.includes(row.id)
        return (
          <Space size={4}>
            <Tooltip title={on ? t('line.done') : t('line.edit')}>
              <Button
                size="small"
                type={on ? 'primary' : 'text'}
                icon={on ? <CheckOutlined /> : <EditOutlined />}
                disabled={saving}
                onClick={() => store.set((s) => setEditing(s, row.id, !on))}
                data-testid={on ? 'line-done' : 'line-edit'}
                aria-label={on ? t('line.done') : t('line.edit')}
              />
            </Tooltip>
            {on ? (
              <Tooltip title={t('line.cancel')}>
                <Button
                  size="small"
                  type="text"
                  icon={<UndoOutlined />}
                  disabled={saving}
                  onClick={() => cancel(row)}
                  data-testid="line-cancel"
                  aria-label={t('line.cancel')}
                />
              </Tooltip>
            ) : null}
            <Tooltip title={t('delete')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={saving}
                onClick={() => confirmRemove(row)}
                data-testid="line-delete"
                aria-label={t('delete')}
              />
            </Tooltip>
          </Space>
        )
      },
    })

  return (
    <div data-testid={`lines-${key}`}>
      {columns.length > 0 && actions.length > 0 ? (
        <Flex justify="flex-end" style={{ marginBottom: 8 }}>
          <Dropdown menu={menu} trigger={['click']} disabled={busy || saving}>
            <Button loading={busy} data-testid={`actions-${key}`}>
              {t('actions')} <DownOutlined />
            </Button>
          </Dropdown>
        </Flex>
      ) : null}
      <DataTable<LineDraft>
        list={list}
        columns={tableColumns}
        emptyText={columns.length ? t('line.empty') : t('line.noColumns')}
        pagination={{ current: page, pageSize: DETAIL_PAGE_SIZE, onChange: (p) => setPage(p) }}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': 'line-row', 'data-name': row.name ?? '', 'data-id': row.id }) as HTMLAttributes<HTMLElement>}
        testId={`lines-${key}`}
      />
      {pickerTables.has(key) ? (
        <AddDetailDialog
          open={dialog === 'select'}
          orderId={orderId}
          table={key}
          onClose={() => setDialog(null)}
          prepare={flush}
          onAdded={async () => {
            setPage(1)
            await refresh()
          }}
        />
      ) : null}
      <ImportDialog
        open={dialog === 'import'}
        orderId={orderId}
        table={key}
        onClose={() => setDialog(null)}
        prepare={flush}
        onImported={() =>
          Promise.all([
            qc.invalidateQueries({ queryKey: orderKeys.lines(orderId) }),
            qc.invalidateQueries({ queryKey: orderKeys.order(orderId), exact: true }),
            invalidateOrderLists(qc, orderId),
          ])
        }
      />
    </div>
  )
}
