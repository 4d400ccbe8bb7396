import { useState, type HTMLAttributes } from 'react'
import { App, Button, Flex, Input, Space } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { DataTable, HttpError, PageContainer, Permission, errorToMessage, pagedList, usePermission, useTablePaging } from '../../components'
import { FeaturesModal } from '../../components/feature-management'
import { editionListQuery, useEditionMutations, type Edition } from './api'
import { EditionPermissions } from './permissions'
import { EditionDialog } from './components/EditionDialog'

/**
 * saas/editions/index (spec 002 §2.4, §7.6): the editions tenants are put in, with create,
 * rename, delete (refused while a tenant uses one) and their features. Host only.
 */
export function EditionsPage() {
  const { t } = useTranslation('saas-editions')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [filter, setFilter] = useState('')
  const paging = useTablePaging()
  const list = pagedList(useQuery(editionListQuery({ filter, ...paging.request })))
  const { remove } = useEditionMutations()
  const [editing, setEditing] = useState<Partial<Edition> | null>(null)
  const [features, setFeatures] = useState<Edition | null>(null)

  const confirmDelete = (r: Edition) =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmDelete', { name: r.displayName }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(r.id)
          message.success(t('deleted'))
        } catch (e) {
          const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
          message.error(errorToMessage(failed, tApp).message)
        }
      },
    })

  const columns: ColumnsType<Edition> = [
    { key: 'displayName', title: t('field.displayName'), dataIndex: 'displayName', width: 260 },
    {
      key: 'creationTime',
      title: t('field.creationTime'),
      width: 180,
      render: (_, r) => dayjs(r.creationTime).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right' as const,
      width: 200,
      render: (_: unknown, r: Edition) => (
        <Space size={0}>
          {has(EditionPermissions.Update) ? (
            <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="edition-edit">
              {t('edit')}
            </Button>
          ) : null}
          {has(EditionPermissions.ManageFeatures) ? (
            <Button type="link" size="small" onClick={() => setFeatures(r)} data-testid="edition-features">
              {t('features')}
            </Button>
          ) : null}
          {has(EditionPermissions.Delete) ? (
            <Button type="link" size="small" danger onClick={() => confirmDelete(r)} data-testid="edition-delete">
              {t('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ]

  return (
    <PageContainer
      extra={
        <Permission value={EditionPermissions.Create}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="editions-add">
            {t('create')}
          </Button>
        </Permission>
      }
    >
      <Flex style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('search')}
          onSearch={(v) => {
            setFilter(v.trim())
            paging.reset()
          }}
          style={{ maxWidth: 360 }}
          data-testid="editions-search"
        />
      </Flex>
      <DataTable<Edition>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onRow={(r) => ({ 'data-testid': 'edition-row', 'data-name': r.displayName }) as HTMLAttributes<HTMLElement>}
        testId="editions"
      />
      <EditionDialog row={editing} onClose={() => setEditing(null)} />
      <FeaturesModal
        providerName="E"
        providerKey={features?.id ?? ''}
        name={features?.displayName ?? ''}
        open={!!features}
        onClose={() => setFeatures(null)}
      />
    </PageContainer>
  )
}
