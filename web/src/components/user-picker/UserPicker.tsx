import { useMemo, useState, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react'
import { Button, Flex, Input, Modal, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { TableRowSelection } from 'antd/es/table/interface'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { DataTable, pagedList, useTablePaging } from '../data-table'
import { userLabel, userSearchQuery, type UserLookup } from './api'
import { useUserPickerT } from './texts'

export interface UserPickerProps {
  /** The users ticked so far (kept across pages and searches). */
  value: readonly UserLookup[]
  onChange: (users: UserLookup[]) => void
  /** One user only (radio) instead of several. */
  multiple?: boolean
  /** Users shown but not offered (e.g. already members), each with its checkbox disabled. */
  disabledIds?: readonly string[]
  pageSize?: number
}

/**
 * The tenant's users to pick from: searched, sorted and paged on the server (GET
 * /api/identity/users/lookup/search, which any logged-in user may read); ticked users show as
 * closable tags above the table; a row click ticks or unticks it.
 */
export function UserPicker({ value, onChange, multiple = true, disabledIds = [], pageSize = 10 }: UserPickerProps) {
  const { t } = useUserPickerT()
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(pageSize)
  const query = useQuery({ ...userSearchQuery({ filter, sorting, ...paging.request }), placeholderData: keepPreviousData })
  const list = pagedList(query)
  const picked = useMemo(() => new Set(value.map((u) => u.id)), [value])
  const disabled = useMemo(() => new Set(disabledIds), [disabledIds])

  const toggle = (u: UserLookup, on: boolean) => {
    if (disabled.has(u.id)) return
    if (on) {
      if (!picked.has(u.id)) onChange(multiple ? [...value, u] : [u])
    } else onChange(value.filter((v) => v.id !== u.id))
  }

  const rowSelection: TableRowSelection<UserLookup> = {
    type: multiple ? 'checkbox' : 'radio',
    selectedRowKeys: list.rows.filter((r) => picked.has(r.id) || disabled.has(r.id)).map((r) => r.id),
    getCheckboxProps: (r) => ({ disabled: disabled.has(r.id) }),
    onSelect: (r, on) => toggle(r, on),
    onSelectAll: (on, _rows, changed) => {
      if (on) onChange([...value, ...changed.filter((r) => !picked.has(r.id) && !disabled.has(r.id))])
      else {
        const off = new Set(changed.map((r) => r.id))
        onChange(value.filter((v) => !off.has(v.id)))
      }
    },
  }

  const columns: ColumnsType<UserLookup> = [
    { key: 'userName', title: t('col.userName'), dataIndex: 'userName', ellipsis: true, sorter: true },
    { key: 'name', title: t('col.name'), dataIndex: 'name', ellipsis: true, sorter: true },
    { key: 'surname', title: t('col.surname'), dataIndex: 'surname', ellipsis: true, sorter: true },
    { key: 'email', title: t('col.email'), dataIndex: 'email', ellipsis: true, sorter: true },
    { key: 'phoneNumber', title: t('col.phoneNumber'), dataIndex: 'phoneNumber', ellipsis: true, sorter: true },
  ]

  return (
    <div data-testid="user-picker">
      <Flex wrap gap={4} align="center" style={{ minHeight: 32, marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('selected', { count: value.length })}</Typography.Text>
        {value.map((u) => (
          <Tag
            key={u.id}
            closable
            onClose={(e) => {
              e.preventDefault()
              onChange(value.filter((x) => x.id !== u.id))
            }}
            data-testid="user-picker-tag"
          >
            {userLabel(u)}
          </Tag>
        ))}
      </Flex>
      <Input.Search
        allowClear
        placeholder={t('search')}
        onSearch={(v) => {
          setFilter(v.trim())
          paging.reset()
        }}
        style={{ maxWidth: 320, marginBottom: 8 }}
        data-testid="user-picker-search"
      />
      <DataTable<UserLookup>
        list={list}
        columns={columns}
        emptyText={t('empty')}
        pagination={paging.pagination}
        rowSelection={rowSelection}
        onRow={(u) =>
          ({
            onClick: (e: MouseEvent<HTMLElement>) => {
              // the checkbox cell ticks through rowSelection already
              if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return
              toggle(u, !picked.has(u.id))
            },
            'data-testid': 'user-picker-row',
            'data-username': u.userName,
            style: { cursor: disabled.has(u.id) ? 'not-allowed' : 'pointer' },
          }) as HTMLAttributes<HTMLElement>
        }
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        testId="user-picker"
      />
    </div>
  )
}

export interface UserPickerModalProps {
  open: boolean
  title?: ReactNode
  onCancel: () => void
  /** The users ticked when OK was pressed (OK needs at least one). */
  onConfirm: (users: UserLookup[]) => void
  multiple?: boolean
  disabledIds?: readonly string[]
  /** The confirm call is running: OK spins and ignores clicks. */
  confirmLoading?: boolean
}

/** The user picker in a dialog with Cancel and OK; the ticks are forgotten when it closes. */
export function UserPickerModal({ open, title, onCancel, onConfirm, multiple, disabledIds, confirmLoading = false }: UserPickerModalProps) {
  const { t } = useUserPickerT()
  const [picked, setPicked] = useState<UserLookup[]>([])
  return (
    <Modal
      open={open}
      title={title ?? t('title')}
      width={900}
      destroyOnHidden
      afterOpenChange={(o) => !o && setPicked([])}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={picked.length === 0 || confirmLoading}
          loading={confirmLoading}
          onClick={() => onConfirm(picked)}
          data-testid="user-picker-confirm"
        >
          {t('confirm')}
        </Button>,
      ]}
    >
      <UserPicker value={picked} onChange={setPicked} multiple={multiple} disabledIds={disabledIds} />
    </Modal>
  )
}
