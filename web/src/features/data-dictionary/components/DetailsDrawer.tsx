import { useState, type HTMLAttributes } from 'react'
import { App, Button, Drawer, Flex, Space, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, HttpError, Permission, errorToMessage, pagedList, usePermission, useTablePaging } from '../../../components'
import { DictionarySelect } from '../../../components/dictionary-select'
import { detailListQuery, useDataDictionaryMutations, type Detail, type Dictionary } from '../api'
import { DataDictionaryPermissions as P } from '../permissions'
import { DetailDialog } from './DetailDialog'

export interface DetailsDrawerProps {
  /** The dictionary whose items are shown; null when closed. */
  dictionary: Dictionary | null
  onClose: () => void
}

/**
 * The items of one dictionary: a preview of the select other pages show, and the items (code,
 * label, value, order, enabled, default) paged and sorted on the server, with add, edit and
 * delete in a dialog, each shown with its permission.
 */
export function DetailsDrawer({ dictionary, onClose }: DetailsDrawerProps) {
  const { t } = useTranslation('data-dictionary')
  return (
    <Drawer
      open={!!dictionary}
      onClose={onClose}
      size={820}
      destroyOnHidden
      title={dictionary ? t('drawer.title', { name: dictionary.displayName, code: dictionary.code }) : null}
      data-testid="details-drawer"
    >
      {dictionary ? <DetailsPane dictionary={dictionary} /> : null}
    </Drawer>
  )
}

function DetailsPane({ dictionary }: { dictionary: Dictionary }) {
  const { t } = useTranslation('data-dictionary')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging()
  const list = pagedList(useQuery(detailListQuery({ dataDictionaryId: dictionary.id, sorting, ...paging.request })))
  const { removeDetail } = useDataDictionaryMutations()
  const [editing, setEditing] = useState<Partial<Detail> | null>(null)
  const [preview, setPreview] = useState<string | undefined>()
  const canUpdate = has(P.Update)
  const canDelete = has(P.Delete)

  const del = (row: Detail) =>
    modal.confirm({
      title: t('tips'),
      content: t('drawer.confirmDelete', { label: row.label, code: row.code }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-detail' },
      onOk: async () => {
        try {
          await removeDetail.mutateAsync({ dictionaryId: dictionary.id, id: row.id })
          message.success(t('deleted'))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
        }
      },
    })

  const flag = (on: boolean, color: string) =>
    on ? <Tag color={color}>{t('yes')}</Tag> : <Typography.Text type="secondary">{t('no')}</Typography.Text>

  const columns: ColumnsType<Detail> = [
    { key: 'code', title: t('detail.code'), dataIndex: 'code', sorter: true, width: 130 },
    { key: 'label', title: t('detail.label'), dataIndex: 'label', sorter: true, width: 150 },
    { key: 'value', title: t('detail.value'), dataIndex: 'value', sorter: true, width: 130, ellipsis: true },
    { key: 'order', title: t('detail.order'), dataIndex: 'order', sorter: true, width: 80, align: 'right' },
    { key: 'isEnable', title: t('detail.isEnable'), sorter: true, width: 80, render: (_, r) => flag(r.isEnable, 'green') },
    { key: 'isDefault', title: t('detail.isDefault'), sorter: true, width: 80, render: (_, r) => flag(r.isDefault, 'blue') },
    { key: 'description', title: t('detail.description'), dataIndex: 'description', ellipsis: true },
    ...(canUpdate || canDelete
      ? [
          {
            key: 'actions',
            title: t('actions'),
            fixed: 'right' as const,
            width: 120,
            render: (_: unknown, r: Detail) => (
              <Space size={0}>
                {canUpdate ? (
                  <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="detail-edit">
                    {t('edit')}
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button type="link" size="small" danger onClick={() => del(r)} data-testid="detail-delete">
                    {t('delete')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ]

  return (
    <>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Typography.Text strong>{t('drawer.preview')}</Typography.Text>
        <DictionarySelect
          key={dictionary.code}
          code={dictionary.code}
          value={preview}
          onChange={(v) => setPreview(v)}
          allowClear
          useDefault
          style={{ width: 240 }}
          testId="details-preview"
        />
        <Typography.Text type="secondary" style={{ flex: '1 1 200px' }}>
          {t('drawer.previewHint')}
        </Typography.Text>
      </Flex>
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <Permission value={P.Create}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="detail-add">
            {t('drawer.add')}
          </Button>
        </Permission>
      </Flex>
      <DataTable<Detail>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('drawer.empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        onRow={(r) => ({ 'data-testid': 'detail-row', 'data-code': r.code }) as HTMLAttributes<HTMLElement>}
        testId="details"
      />
      <DetailDialog dictionaryId={dictionary.id} row={editing} onClose={() => setEditing(null)} />
    </>
  )
}
