import { useMemo, useState } from 'react'
import { Button, Space, Tabs, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { ExportOutlined, ImportOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import {
  DataTable,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  PageContainer,
  SearchBar,
  pagedList,
  usePermission,
  useTablePaging,
  type SearchField,
  type SearchValues,
} from '../../components'
import { DIRECTION_IN, DIRECTION_OUT, KIND_BOARD, KIND_OFFCUT, areaM2, logQuery, stockQuery, type Move, type StockItem, type StockLog } from './api'
import { WarehousePermissions as P } from './permissions'
import { BookDialog } from './components/BookDialog'

const TIME = 'YYYY-MM-DD HH:mm'

const text = (v: SearchValues[string]) => (typeof v === 'string' ? v : undefined)
const num = (v: SearchValues[string]) => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : undefined)

/**
 * warehouse/inventory (数据与库存, /offcut/inventory): the stock rows on hand searched by material,
 * bin, kind and thickness, the manual receipt and issue dialog, and the in/out log.
 */
export function InventoryPage() {
  const { t } = useTranslation('warehouse')
  const { has } = usePermission()
  const canBook = has(P.Book)
  const [booking, setBooking] = useState<{ direction: number; initial?: Partial<Move> } | null>(null)

  return (
    <PageContainer
      extra={
        canBook ? (
          <>
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setBooking({ direction: DIRECTION_IN })} data-testid="stock-receive">
              {t('inventory.receive')}
            </Button>
            <Button icon={<ExportOutlined />} onClick={() => setBooking({ direction: DIRECTION_OUT })} data-testid="stock-issue">
              {t('inventory.issue')}
            </Button>
          </>
        ) : null
      }
    >
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'stock', label: <span data-testid="tab-stock">{t('inventory.stockTab')}</span>, children: <StockTab canBook={canBook} onIssue={(initial) => setBooking({ direction: DIRECTION_OUT, initial })} /> },
          { key: 'log', label: <span data-testid="tab-log">{t('inventory.logTab')}</span>, children: <LogTab /> },
        ]}
      />
      <BookDialog direction={booking?.direction ?? null} initial={booking?.initial} onClose={() => setBooking(null)} />
    </PageContainer>
  )
}

function kindTag(kind: number, t: (k: string) => string) {
  return <Tag color={kind === KIND_OFFCUT ? 'orange' : 'blue'}>{t(`kind.${kind}`)}</Tag>
}

function StockTab({ canBook, onIssue }: { canBook: boolean; onIssue: (m: Partial<Move>) => void }) {
  const { t } = useTranslation('warehouse')
  const [search, setSearch] = useState<SearchValues>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const list = pagedList(
    useQuery(
      stockQuery({
        materialCode: text(search.materialCode),
        binCode: text(search.binCode),
        kind: num(search.kind),
        thickness: num(search.thickness),
        sorting,
        ...paging.request,
      }),
    ),
  )
  const fields: SearchField[] = [
    { name: 'materialCode', label: t('field.materialCode'), type: 'text' },
    { name: 'binCode', label: t('field.binCode'), type: 'text' },
    { name: 'kind', label: t('kind.label'), type: 'select', options: [{ value: KIND_BOARD, label: t('kind.0') }, { value: KIND_OFFCUT, label: t('kind.1') }] },
    { name: 'thickness', label: t('field.thickness'), type: 'number' },
  ]
  const columns = useMemo<ColumnsType<StockItem>>(
    () => [
      { key: 'kind', dataIndex: 'kind', title: t('kind.label'), width: 90, sorter: true, render: (_v, r) => kindTag(r.kind, t) },
      { key: 'materialCode', dataIndex: 'materialCode', title: t('field.materialCode'), sorter: true, render: (v: string) => <span data-testid="stock-material">{v}</span> },
      { key: 'thickness', dataIndex: 'thickness', title: t('field.thickness'), sorter: true, width: 110 },
      { key: 'length', dataIndex: 'length', title: t('field.length'), sorter: true, width: 110 },
      { key: 'width', dataIndex: 'width', title: t('field.width'), sorter: true, width: 110 },
      { key: 'binCode', dataIndex: 'binCode', title: t('field.binCode'), sorter: true, render: (v: string) => v || <Tag>{t('unassigned')}</Tag> },
      { key: 'onHand', dataIndex: 'onHand', title: t('field.onHand'), sorter: true, width: 110, render: (v: number) => <span data-testid="stock-onhand">{v}</span> },
      { key: 'area', title: t('field.area'), width: 110, render: (_v, r) => areaM2(r.length, r.width, r.onHand).toFixed(3) },
      { key: 'planNo', dataIndex: 'planNo', title: t('field.planNo'), sorter: true },
      ...(canBook
        ? [
            {
              key: 'actions',
              title: '',
              width: 90,
              render: (_v: unknown, r: StockItem) => (
                <Button
                  type="link"
                  size="small"
                  data-testid="stock-row-issue"
                  onClick={() => onIssue({ kind: r.kind, materialCode: r.materialCode, thickness: r.thickness, length: r.length, width: r.width, binCode: r.binCode || undefined })}
                >
                  {t('inventory.issue')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, canBook, onIssue],
  )
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <SearchBar fields={fields} onSearch={(v) => { setSearch(v); paging.reset() }} testId="stock-search" />
      <DataTable<StockItem>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => { setSorting(s); paging.reset() }}
        emptyText={t('inventory.empty')}
        testId="stock"
      />
    </Space>
  )
}

function LogTab() {
  const { t } = useTranslation('warehouse')
  const [search, setSearch] = useState<SearchValues>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const range = Array.isArray(search.time) ? search.time : undefined
  const list = pagedList(
    useQuery(
      logQuery({
        materialCode: text(search.materialCode),
        planNo: text(search.planNo),
        direction: num(search.direction),
        kind: num(search.kind),
        from: range?.[0] || undefined,
        to: range?.[1] || undefined,
        sorting,
        ...paging.request,
      }),
    ),
  )
  const fields: SearchField[] = [
    { name: 'materialCode', label: t('field.materialCode'), type: 'text' },
    { name: 'planNo', label: t('field.planNo'), type: 'text' },
    { name: 'direction', label: t('direction.label'), type: 'select', options: [{ value: DIRECTION_IN, label: t('direction.0') }, { value: DIRECTION_OUT, label: t('direction.1') }] },
    { name: 'kind', label: t('kind.label'), type: 'select', options: [{ value: KIND_BOARD, label: t('kind.0') }, { value: KIND_OFFCUT, label: t('kind.1') }] },
    { name: 'time', label: t('field.dateRange'), type: 'dateRange' },
  ]
  const columns = useMemo<ColumnsType<StockLog>>(
    () => [
      { key: 'time', dataIndex: 'time', title: t('field.time'), sorter: true, width: 150, render: (v: string) => dayjs(v).format(TIME) },
      {
        key: 'direction',
        dataIndex: 'direction',
        title: t('direction.label'),
        width: 80,
        render: (v: number) => <Tag color={v === DIRECTION_IN ? 'green' : 'red'} data-testid="log-direction">{t(`direction.${v}`)}</Tag>,
      },
      { key: 'kind', dataIndex: 'kind', title: t('kind.label'), width: 80, render: (_v, r) => kindTag(r.kind, t) },
      { key: 'materialCode', dataIndex: 'materialCode', title: t('field.materialCode'), sorter: true },
      { key: 'size', title: t('field.size'), render: (_v, r) => `${r.length}×${r.width}×${r.thickness}` },
      { key: 'binCode', dataIndex: 'binCode', title: t('field.binCode'), sorter: true, render: (v: string) => v || t('unassigned') },
      { key: 'quantity', dataIndex: 'quantity', title: t('field.quantity'), sorter: true, width: 90, render: (v: number) => <span data-testid="log-quantity">{v}</span> },
      { key: 'planNo', dataIndex: 'planNo', title: t('field.planNo'), sorter: true },
      { key: 'reason', dataIndex: 'reason', title: t('field.reason') },
      { key: 'operatorName', dataIndex: 'operatorName', title: t('field.operator'), width: 100 },
    ],
    [t],
  )
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <SearchBar fields={fields} onSearch={(v) => { setSearch(v); paging.reset() }} testId="log-search" />
      <DataTable<StockLog>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => { setSorting(s); paging.reset() }}
        emptyText={t('inventory.emptyLog')}
        testId="log"
      />
    </Space>
  )
}
