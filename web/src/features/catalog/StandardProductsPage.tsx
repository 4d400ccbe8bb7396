import { useState } from 'react'
import { Alert, App, Button, Empty, Flex, Input, Space, Table } from 'antd'
import { AppstoreAddOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageContainer, Permission, usePermission } from '../../components'
import {
  Described,
  EnabledMark,
  ItemImage,
  ProductPickerModal,
  standardProductsQuery,
  usePickerT,
  useClickGuard,
  type StandardProduct,
} from '../../components/catalog-pickers'
import { useStandardProductMutations } from './api'
import { CatalogPermissions } from './permissions'
import { StandardProductDialog } from './components/StandardProductDialog'

const PAGE_SIZE = 20

/** standard-products/index: the standard products table with search, paging, create, edit and delete. */
export function StandardProductsPage() {
  const { t } = useTranslation('catalog')
  const { t: tc } = usePickerT()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const guard = useClickGuard()
  const [filter, setFilter] = useState('')
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(PAGE_SIZE)
  const [editing, setEditing] = useState<Partial<StandardProduct> | null>(null)
  const list = useQuery({
    ...standardProductsQuery({ filter, skipCount: (page - 1) * pageSize, maxResultCount: pageSize }),
    placeholderData: keepPreviousData,
  })
  const { remove, fromProducts } = useStandardProductMutations()
  const [picking, setPicking] = useState(false)

  const del = (row: StandardProduct) =>
    modal.confirm({
      title: t('tips'),
      content: t('standard.confirmDelete', { name: row.productName ?? '' }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(row.id)
        message.success(t('deleted'))
        if ((list.data?.items.length ?? 0) === 1 && page > 1) setPage(page - 1)
      },
    })

  const canEdit = has(CatalogPermissions.StandardProductsEdit)
  const canDelete = has(CatalogPermissions.StandardProductsDelete)

  const columns: ColumnsType<StandardProduct> = [
    { key: 'productName', title: tc('col.productName'), dataIndex: 'productName', width: 180, ellipsis: true },
    { key: 'productCode', title: tc('col.productCode'), dataIndex: 'productCode', width: 140 },
    { key: 'productWidth', title: tc('col.productWidth'), dataIndex: 'productWidth', width: 80 },
    { key: 'productHeight', title: tc('col.productHeight'), dataIndex: 'productHeight', width: 80 },
    { key: 'productDepth', title: tc('col.productDepth'), dataIndex: 'productDepth', width: 80 },
    { key: 'productMaterial', title: tc('col.productMaterial'), dataIndex: 'productMaterial', width: 120 },
    { key: 'doorMaterial', title: tc('col.doorMaterial'), dataIndex: 'doorMaterial', width: 120 },
    { key: 'productStyle', title: tc('col.productStyle'), dataIndex: 'productStyle', width: 100 },
    { key: 'productVersion', title: tc('col.productVersion'), dataIndex: 'productVersion', width: 90 },
    { key: 'levelName', title: tc('col.levelName'), dataIndex: 'levelName', width: 90 },
    { key: 'batchSize', title: tc('col.batchSize'), dataIndex: 'batchSize', width: 80 },
    { key: 'remark', title: tc('col.remark'), width: 160, render: (_, r) => <Described text={r.remark} /> },
    { key: 'isEnable', title: tc('col.isEnable'), width: 70, render: (_, r) => <EnabledMark value={r.isEnable} t={tc} /> },
    { key: 'images', title: tc('col.images'), width: 70, render: (_, r) => <ItemImage src={r.images} alt={r.productName ?? ''} /> },
    { key: 'creator', title: tc('col.creator'), dataIndex: 'creator', width: 100 },
    { key: 'lastModifier', title: tc('col.lastModifier'), dataIndex: 'lastModifier', width: 110 },
    ...(canEdit || canDelete
      ? [
          {
            key: 'actions',
            title: t('actions'),
            fixed: 'right' as const,
            width: 130,
            render: (_: unknown, r: StandardProduct) => (
              <Space size={0}>
                {canEdit ? (
                  <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="standard-edit">
                    {t('edit')}
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button type="link" size="small" danger onClick={() => del(r)} data-testid="standard-delete">
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
    <PageContainer
      extra={
        <Permission value={CatalogPermissions.StandardProductsCreate}>
          {/* picking reads the product catalogue, which needs its own read permission */}
          {has(CatalogPermissions.Products) ? (
            <Button icon={<AppstoreAddOutlined />} onClick={() => guard('pick', () => setPicking(true))} data-testid="standard-from-catalog">
              {t('standard.fromCatalog')}
            </Button>
          ) : null}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => guard('add', () => setEditing({}))} data-testid="standard-add">
            {t('standard.add')}
          </Button>
        </Permission>
      }
    >
      <Flex style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('standard.search')}
          onSearch={(v) => {
            setFilter(v.trim())
            setPage(1)
          }}
          style={{ maxWidth: 360 }}
          data-testid="standard-search"
        />
      </Flex>
      {list.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} action={<Button size="small" onClick={() => void list.refetch()}>{t('retry')}</Button>} />
      ) : (
        <Table<StandardProduct>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('standard.empty')} /> }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('standard.total', { total }),
            onChange: (p, s) => {
              setPage(s !== pageSize ? 1 : p)
              setPageSize(s)
            },
          }}
          data-testid="standard-table"
        />
      )}
      <StandardProductDialog row={editing} onClose={() => setEditing(null)} />
      <ProductPickerModal
        open={picking}
        title={t('standard.fromCatalog')}
        confirmLoading={fromProducts.isPending}
        onCancel={() => setPicking(false)}
        onConfirm={(products) => {
          if (fromProducts.isPending) return
          fromProducts.mutate(products, {
            onSuccess: (made) => {
              message.success(t('standard.fromCatalogDone', { count: made.length }))
              setPicking(false)
            },
          })
        }}
      />
    </PageContainer>
  )
}
