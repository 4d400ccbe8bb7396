import { useState } from 'react'
import { Button, Col, Flex, Input, Modal, Row, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { CatalogTree } from './CatalogTree'
import { ROOT_KEY, type CatalogNode } from './catalogTree'
import { catalogItemPages, catalogListQuery } from './api'
import { itemColumnMeta, itemFields, renderItemField, SORTABLE_ITEM_FIELDS } from './itemColumns'
import { usePickSelection } from './usePickSelection'
import { usePickerT } from './texts'
import { DataTable, useDebounced, useScrollPages } from '../data-table'
import type { CatalogItem, CatalogModule, Part, Product } from './types'

export interface CatalogItemPickerProps<T extends CatalogItem> {
  module: CatalogModule
  /** The picked items (controlled). */
  value: readonly T[]
  onChange: (items: T[]) => void
  /** Allow more than one pick (default true). */
  multiple?: boolean
  /** Ids that may not be picked (already used by the caller). */
  disabledIds?: readonly string[]
  testId?: string
}

/**
 * Select mode of a catalogue screen: the same two panes without create, edit, delete, import or
 * move; only enabled directories and items; rows are ticked, and the ticked items show as
 * closable tags above the panes. Items are searched, sorted and paged on the server, 20 at a
 * time as the user scrolls, so a catalogue of any size can be picked from.
 */
export function CatalogItemPicker<T extends CatalogItem>({
  module,
  value,
  onChange,
  multiple = true,
  disabledIds = [],
  testId = module === 'product' ? 'product-picker' : 'part-picker',
}: CatalogItemPickerProps<T>) {
  const { t } = usePickerT()
  const [selectedKey, setSelectedKey] = useState<string>(ROOT_KEY)
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const search = useDebounced(filter)
  const catalogs = useQuery(catalogListQuery(module, true))
  const catalogId = selectedKey === ROOT_KEY ? null : selectedKey
  const list = useScrollPages(catalogItemPages<T>(module, { catalogId, enabledOnly: true, filter: search, sorting }))
  // The server lists enabled rows only (isEnable=true); this keeps the rule even if it did not.
  const shown = { ...list, rows: list.rows.filter((i) => i.isEnable !== false) }

  const { rowSelection, onRow } = usePickSelection<T>({
    value,
    onChange,
    multiple,
    disabledIds,
    rows: shown.rows,
    rowTestId: `${testId}-row`,
    rowAttributes: (row) => ({ 'data-name': row.name }),
  })

  const columns: ColumnsType<T> = itemFields(module).map((f) => ({
    key: f,
    ...itemColumnMeta(f, t),
    ellipsis: f !== 'describe' && f !== 'images',
    sorter: SORTABLE_ITEM_FIELDS.has(f),
    render: (_: unknown, row: T) => renderItemField(f, row, t),
  }))

  return (
    <div data-testid={testId}>
      <Flex wrap gap={4} align="center" style={{ minHeight: 32, marginBottom: 8 }} data-testid={`${testId}-tags`}>
        <Typography.Text type="secondary">{t('selected', { count: value.length })}</Typography.Text>
        {value.map((v) => (
          <Tag
            key={v.id}
            closable
            onClose={(e) => {
              e.preventDefault()
              onChange(value.filter((x) => x.id !== v.id))
            }}
            data-testid={`${testId}-tag`}
          >
            {v.name}
          </Tag>
        ))}
        {value.length ? (
          <Button type="link" size="small" onClick={() => onChange([])}>
            {t('clearSelected')}
          </Button>
        ) : null}
      </Flex>
      <Row gutter={16} wrap={false}>
        <Col flex="240px" style={{ minWidth: 200 }}>
          <CatalogTree
            catalogs={catalogs.data}
            loading={catalogs.isPending}
            error={catalogs.isError}
            onRetry={() => void catalogs.refetch()}
            selectedKey={selectedKey}
            onSelect={(n: CatalogNode) => setSelectedKey(n.key)}
            testId={`${testId}-tree`}
          />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Input.Search
            allowClear
            placeholder={t('filterName')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ maxWidth: 280, marginBottom: 8 }}
            data-testid={`${testId}-filter`}
          />
          <DataTable<T>
            list={shown}
            columns={columns}
            emptyText={t('empty')}
            scroll={{ x: 'max-content', y: 400 }}
            rowSelection={rowSelection}
            onRow={onRow}
            onSortingChange={setSorting}
            testId={testId}
          />
        </Col>
      </Row>
    </div>
  )
}

/** Select mode of the product catalogue. */
export function ProductPicker(props: Omit<CatalogItemPickerProps<Product>, 'module'>) {
  return <CatalogItemPicker<Product> module="product" {...props} />
}

/** Select mode of the parts (material) catalogue. */
export function PartPicker(props: Omit<CatalogItemPickerProps<Part>, 'module'>) {
  return <CatalogItemPicker<Part> module="matter" {...props} />
}

export interface PickerModalProps<T> {
  open: boolean
  title?: string
  onCancel: () => void
  /** Called with the picked items; the modal starts empty each time it opens. */
  onConfirm: (items: T[]) => void
  multiple?: boolean
  disabledIds?: readonly string[]
  /** Confirm stays disabled while nothing is picked (default true). */
  requirePick?: boolean
  /** Confirm shows a spinner and ignores clicks (while the caller saves the picks). */
  confirmLoading?: boolean
}

function CatalogPickerModal<T extends CatalogItem>({
  module,
  open,
  title,
  onCancel,
  onConfirm,
  multiple,
  disabledIds,
  requirePick = true,
  confirmLoading = false,
}: PickerModalProps<T> & { module: CatalogModule }) {
  const { t } = usePickerT()
  const [picked, setPicked] = useState<T[]>([])
  const testId = module === 'product' ? 'product-picker' : 'part-picker'
  return (
    <Modal
      open={open}
      title={title ?? t(module === 'product' ? 'pickProducts' : 'pickParts')}
      width={1100}
      destroyOnHidden
      afterOpenChange={(o) => !o && setPicked([])}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t('cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={(requirePick && picked.length === 0) || confirmLoading}
          loading={confirmLoading}
          onClick={() => onConfirm(picked)}
          data-testid={`${testId}-confirm`}
        >
          {t('confirm')}
        </Button>,
      ]}
    >
      <CatalogItemPicker<T> module={module} value={picked} onChange={setPicked} multiple={multiple} disabledIds={disabledIds} />
    </Modal>
  )
}

/** The product picker in a dialog with Cancel and Confirm. */
export function ProductPickerModal(props: PickerModalProps<Product>) {
  return <CatalogPickerModal<Product> module="product" {...props} />
}

/** The material picker in a dialog with Cancel and Confirm. */
export function PartPickerModal(props: PickerModalProps<Part>) {
  return <CatalogPickerModal<Part> module="matter" {...props} />
}
