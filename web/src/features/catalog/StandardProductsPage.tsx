import { useState } from 'react'
import { App, Button, Flex, Input, Space } from 'antd'
import { AppstoreAddOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, PageContainer, Permission, pagedList, usePermission, useTablePaging } from '../../components'
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

/** standard-products/index: the standard products table, searched, sorted and paged on the server, with create, edit and delete. */
export function StandardProductsPage() {
  const { t } = useTranslation('catalog')
  const { t: tc } = usePickerT()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const guard = useClickGuard()
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging()
  const [editing, setEditing] = useState<Partial<StandardProduct> | null>(null)
  const query = useQuery({
    ...standardProductsQuery({ filter, sorting, ...paging.request }),
    placeholderData: keepPreviousData,
  })
  const list = pagedList(query)
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
        if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
      },
    })

  const canEdit = has(CatalogPermissions.StandardProductsEdit)
  const canDelete = has(CatalogPermissions.StandardProductsDelete)

  const columns: ColumnsType<StandardProduct> = [
    { key: 'productName', title: tc('col.productName'), dataIndex: 'productName', width: 180, ellipsis: true, sorter: true },
    { key: 'productCode', title: tc('col.productCode'), dataIndex: 'productCode', width: 140, sorter: true },
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
            paging.reset()
          }}
          style={{ maxWidth: 360 }}
          data-testid="standard-search"
        />
      </Flex>
      <DataTable<StandardProduct>
        list={list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('standard.empty')}
        pagination={{ ...paging.pagination, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        testId="standard"
      />
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
