import { useState } from 'react'
import { Button, Flex, Input, Modal, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { standardProductsQuery } from './api'
import { ItemImage } from './itemColumns'
import { usePickSelection } from './usePickSelection'
import { usePickerT } from './texts'
import { DataTable, pagedList, useTablePaging } from '../data-table'
import type { StandardProduct } from './types'
import type { PickerModalProps } from './CatalogItemPicker'

export interface StandardProductPickerProps {
  value: readonly StandardProduct[]
  onChange: (items: StandardProduct[]) => void
  multiple?: boolean
  disabledIds?: readonly string[]
  pageSize?: number
}

/** Select mode of the standard products: enabled rows only, searched and paged on the server, ticked rows as closable tags. */
export function StandardProductPicker({ value, onChange, multiple = true, disabledIds = [], pageSize = 10 }: StandardProductPickerProps) {
  const { t } = usePickerT()
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(pageSize)
  const query = useQuery({
    ...standardProductsQuery({ filter, sorting, ...paging.request, isEnable: true }, true),
    placeholderData: keepPreviousData,
  })
  const list = pagedList(query)
  // The server lists enabled rows only (isEnable=true); this keeps the rule even if it did not.
  const shown = { ...list, rows: list.rows.filter((r) => r.isEnable !== false) }

  const { rowSelection, onRow } = usePickSelection<StandardProduct>({
    value,
    onChange,
    multiple,
    disabledIds,
    rows: shown.rows,
    rowTestId: 'standard-product-picker-row',
    rowAttributes: (row) => ({ 'data-name': row.productName ?? '' }),
  })

  const columns: ColumnsType<StandardProduct> = [
    { key: 'productName', title: t('col.productName'), dataIndex: 'productName', ellipsis: true, sorter: true },
    { key: 'productCode', title: t('col.productCode'), dataIndex: 'productCode', ellipsis: true, sorter: true },
    { key: 'productWidth', title: t('col.productWidth'), dataIndex: 'productWidth', width: 80 },
    { key: 'productHeight', title: t('col.productHeight'), dataIndex: 'productHeight', width: 80 },
    { key: 'productDepth', title: t('col.productDepth'), dataIndex: 'productDepth', width: 80 },
    { key: 'productMaterial', title: t('col.productMaterial'), dataIndex: 'productMaterial', ellipsis: true },
    { key: 'doorMaterial', title: t('col.doorMaterial'), dataIndex: 'doorMaterial', ellipsis: true },
    { key: 'images', title: t('col.images'), width: 70, render: (_: unknown, r) => <ItemImage src={r.images} alt={r.productName ?? ''} /> },
  ]

  return (
    <div data-testid="standard-product-picker">
      <Flex wrap gap={4} align="center" style={{ minHeight: 32, marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('selected', { count: value.length })}</Typography.Text>
        {value.map((v) => (
          <Tag
            key={v.id}
            closable
            onClose={(e) => {
              e.preventDefault()
              onChange(value.filter((x) => x.id !== v.id))
            }}
            data-testid="standard-product-picker-tag"
          >
            {v.productName}
          </Tag>
        ))}
      </Flex>
      <Input.Search
        allowClear
        placeholder={t('search')}
        onSearch={(v) => {
          setFilter(v)
          paging.reset()
        }}
        style={{ maxWidth: 280, marginBottom: 8 }}
        data-testid="standard-product-picker-search"
      />
      <DataTable<StandardProduct>
        list={shown}
        columns={columns}
        emptyText={t('empty')}
        pagination={paging.pagination}
        rowSelection={rowSelection}
        onRow={onRow}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        testId="standard-product-picker"
      />
    </div>
  )
}

/** The standard product picker in a dialog with Cancel and Confirm. */
export function StandardProductPickerModal({
  open,
  title,
  onCancel,
  onConfirm,
  multiple,
  disabledIds,
  requirePick = true,
  confirmLoading = false,
}: PickerModalProps<StandardProduct>) {
  const { t } = usePickerT()
  const [picked, setPicked] = useState<StandardProduct[]>([])
  return (
    <Modal
      open={open}
      title={title ?? t('pickStandardProducts')}
      width={1000}
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
          disabled={(requirePick && picked.length === 0) || confirmLoading}
          loading={confirmLoading}
          onClick={() => onConfirm(picked)}
        >
          {t('confirm')}
        </Button>,
      ]}
    >
      <StandardProductPicker value={picked} onChange={setPicked} multiple={multiple} disabledIds={disabledIds} />
    </Modal>
  )
}
