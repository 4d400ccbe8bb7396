import { useMemo, useState } from 'react'
import { Tag, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DataTable, GRID_PAGE_SIZE, GRID_PAGE_SIZES, SearchBar, pagedList, useTablePaging, type SearchField, type SearchValues } from '../../../components'
import type { ColumnsType } from 'antd/es/table'
import { boardListQuery, type Board, type BoardListRequest } from '../api'

const text = (v: SearchValues[string]) => (typeof v === 'string' ? v : undefined)
const number = (v: SearchValues[string]) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined)

/** The search bar's values as the boards query of spec 002 §7.11. */
export function boardRequest(v: SearchValues): Omit<BoardListRequest, 'skipCount' | 'maxResultCount' | 'sorting'> {
  return {
    planNo: text(v.planNo),
    boardsMaterialCode: text(v.boardsMaterialCode),
    boardsCode: text(v.boardsCode),
    lengthMin: number(v.lengthMin),
    lengthMax: number(v.lengthMax),
    widthMin: number(v.widthMin),
    widthMax: number(v.widthMax),
    binCode: text(v.binCode),
  }
}

/**
 * Every board of every material, searched by the boards query (plan number, material code, board
 * code, length and width ranges, bin), sorted and paged on the server.
 */
export function BoardsTab() {
  const { t } = useTranslation('optimization-materials')
  const [search, setSearch] = useState<SearchValues>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const list = pagedList(useQuery(boardListQuery({ ...boardRequest(search), sorting, ...paging.request })))

  const fields: SearchField[] = [
    { name: 'boardsMaterialCode', label: t('boards.materialCode'), type: 'text' },
    { name: 'boardsCode', label: t('board.code'), type: 'text' },
    { name: 'planNo', label: t('board.planNo'), type: 'text' },
    { name: 'binCode', label: t('board.binCode'), type: 'text' },
    { name: 'lengthMin', label: t('boards.lengthMin'), type: 'number' },
    { name: 'lengthMax', label: t('boards.lengthMax'), type: 'number' },
    { name: 'widthMin', label: t('boards.widthMin'), type: 'number' },
    { name: 'widthMax', label: t('boards.widthMax'), type: 'number' },
  ]

  const columns = useMemo<ColumnsType<Board>>(
    () => [
      { key: 'materialCode', dataIndex: 'materialCode', title: t('boards.materialCode'), width: 130, render: (v: string) => <span data-testid="board-material">{v}</span> },
      { key: 'materialName', dataIndex: 'materialName', title: t('field.name'), width: 150 },
      { key: 'thickness', dataIndex: 'thickness', title: t('field.thickness'), width: 80, align: 'right' },
      { key: 'code', dataIndex: 'code', title: t('board.code'), width: 170, sorter: true, render: (v: string) => <span data-testid="board-code">{v}</span> },
      { key: 'length', dataIndex: 'length', title: t('board.length'), width: 90, align: 'right', sorter: true },
      { key: 'width', dataIndex: 'width', title: t('board.width'), width: 90, align: 'right', sorter: true },
      { key: 'cost', dataIndex: 'cost', title: t('board.cost'), width: 90, align: 'right', sorter: true },
      {
        key: 'quantity',
        dataIndex: 'quantity',
        title: t('board.quantity'),
        width: 90,
        align: 'right',
        sorter: true,
        render: (v: number | null) => (v === null ? <Typography.Text type="secondary">{t('unlimited')}</Typography.Text> : v),
      },
      { key: 'isOffcut', dataIndex: 'isOffcut', title: t('board.isOffcut'), width: 70, render: (v: boolean) => (v ? <Tag color="gold">{t('board.isOffcut')}</Tag> : null) },
      { key: 'planNo', dataIndex: 'planNo', title: t('board.planNo'), width: 150, sorter: true },
      { key: 'binCode', dataIndex: 'binCode', title: t('board.binCode'), width: 100, sorter: true },
    ],
    [t],
  )

  const searched = Object.values(boardRequest(search)).some((v) => v !== undefined)

  return (
    <>
      <SearchBar
        fields={fields}
        onSearch={(v) => {
          setSearch(v)
          paging.reset()
        }}
        testId="boards-search"
      />
      <DataTable<Board>
        rowKey="id"
        size="small"
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        emptyText={searched ? t('boards.emptySearch') : t('boards.empty')}
        testId="boards"
        scroll={{ x: 1200 }}
      />
    </>
  )
}
