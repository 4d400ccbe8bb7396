import { useState, type ReactNode } from 'react'
import { App, Button, Space } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { UseMutationResult, UseQueryOptions } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  ConfiguredTable,
  GRID_PAGE_SIZES,
  HttpError,
  PageContainer,
  Permission,
  SearchBar,
  errorToMessage,
  usePermission,
  type ColumnDef,
  type Page,
  type SearchField,
} from '../../../components'
import type { MappingListRequest } from '../api'
import type { PagePermissions } from '../permissions'
import { useMappingList } from '../useMappingList'

/** The three screens, by the prefix of their texts and test ids. */
export type MappingKind = 'ruleMapping' | 'formMapping' | 'splitMapping'

export interface MappingScreenProps<T extends { id: string; name: string }> {
  kind: MappingKind
  columns: ColumnDef<T>[]
  query: (q: MappingListRequest) => UseQueryOptions<Page<T>, Error, Page<T>, readonly unknown[]>
  searchFields: SearchField[]
  perms: PagePermissions
  remove: UseMutationResult<unknown, Error, string>
  /** The create/edit dialog of the mapping being edited (`{}` for a new one; null: closed). */
  dialog: (target: Partial<T> | null, close: () => void) => ReactNode
}

/**
 * A mapping list page: title, search bar, the configured table (paged, sorted and filtered on
 * the server) with Create in its toolbar, Edit and Delete per row (each shown with its
 * permission; a delete is confirmed naming the row) and the page's dialog.
 */
export function MappingScreen<T extends { id: string; name: string }>({ kind, columns, query, searchFields, perms, remove, dialog }: MappingScreenProps<T>) {
  const { t } = useTranslation('import-mapping')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const list = useMappingList(columns, query)
  const [editing, setEditing] = useState<Partial<T> | null>(null)
  const canUpdate = has(perms.update)
  const canDelete = has(perms.remove)

  const del = (row: T) =>
    modal.confirm({
      title: t('tips'),
      content: t(`${kind}.confirmDelete`, { name: row.name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id)
          message.success(t('deleted'))
          list.afterDelete()
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
        }
      },
    })

  return (
    <PageContainer>
      <SearchBar fields={searchFields} onSearch={list.onSearch} testId={`${kind}-search`} />
      <ConfiguredTable<T>
        list={list.list}
        columns={columns}
        pagination={{ ...list.paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={list.onSortingChange}
        filters={list.filters}
        onFiltersChange={list.onFiltersChange}
        emptyText={list.searched ? t('emptySearch') : t(`${kind}.empty`)}
        testId={kind}
        toolbar={
          <Permission value={perms.create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid={`${kind}-add`}>
              {t(`${kind}.create`)}
            </Button>
          </Permission>
        }
        actions={
          canUpdate || canDelete
            ? {
                key: 'actions',
                title: t('actions'),
                fixed: 'right',
                width: 140,
                render: (_: unknown, row: T) => (
                  <Space size={0}>
                    {canUpdate ? (
                      <Button type="link" size="small" onClick={() => setEditing(row)} data-testid={`${kind}-edit`}>
                        {t('edit')}
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button type="link" size="small" danger onClick={() => del(row)} data-testid={`${kind}-delete`}>
                        {t('delete')}
                      </Button>
                    ) : null}
                  </Space>
                ),
              }
            : undefined
        }
      />
      {dialog(editing, () => setEditing(null))}
    </PageContainer>
  )
}
