import { useState } from 'react'
import { Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import dayjs from 'dayjs'
import { DataTable, GRID_PAGE_SIZE, GRID_PAGE_SIZES, PageContainer, SearchBar, pagedList, useTablePaging, type SearchField } from '../../components'
import { filesQuery, type FileUtilisation } from './api'
import { boardsText, m2, pct } from './format'
import { detailPath } from './paths'

/**
 * optimization-utilisation/list (/engineOptimization/utilizationRateByFileList): the import
 * files with their utilisation in their latest finished run, paged and sorted on the server,
 * with a totals row over every matching file; a file opens its detail.
 */
export function FileListPage() {
  const { t } = useTranslation('optimization-utilisation')
  const [search, setSearch] = useState<{ filter?: string; from?: string; to?: string }>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const q = useQuery(filesQuery({ ...search, sorting, ...paging.request }))
  const list = pagedList(q)
  const totals = q.data?.totals

  const fields: SearchField[] = [
    { name: 'filter', label: t('field.fileName'), type: 'text' },
    { name: 'range', label: t('field.dateRange'), type: 'dateRange' },
  ]
  const columns: ColumnsType<FileUtilisation> = [
    {
      key: 'fileName',
      dataIndex: 'fileName',
      title: t('col.fileName'),
      sorter: true,
      width: 220,
      render: (v: string, r) => (
        <Link to={detailPath(r.importFileId, r.runId)} data-testid="file-link" data-name={v}>
          {v}
        </Link>
      ),
    },
    { key: 'orderNos', dataIndex: 'orderNos', title: t('col.orderNos'), width: 160, ellipsis: true },
    { key: 'planNo', dataIndex: 'planNo', title: t('col.planNo'), width: 150 },
    {
      key: 'runFiles',
      dataIndex: 'runFiles',
      title: t('col.runFiles'),
      width: 110,
      render: (v: number) => (v > 1 ? <Tag color="purple">{t('shared', { n: v - 1 })}</Tag> : <Tag>{t('alone')}</Tag>),
    },
    { key: 'finishedTime', dataIndex: 'finishedTime', title: t('col.finishedTime'), sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    { key: 'boards', dataIndex: 'boards', title: t('col.boards'), sorter: true, width: 90, align: 'right', render: boardsText },
    { key: 'pieces', dataIndex: 'pieces', title: t('col.pieces'), width: 80, align: 'right' },
    { key: 'partsArea', dataIndex: 'partsArea', title: t('col.partsArea'), sorter: true, width: 120, align: 'right', render: m2 },
    { key: 'boardsArea', dataIndex: 'boardsArea', title: t('col.boardsArea'), sorter: true, width: 120, align: 'right', render: m2 },
    { key: 'offcutsArea', dataIndex: 'offcutsArea', title: t('col.offcutsArea'), width: 120, align: 'right', render: m2 },
    { key: 'utilisation', dataIndex: 'utilisation', title: t('col.utilisation'), sorter: true, width: 100, align: 'right', render: pct },
    { key: 'wastePct', dataIndex: 'wastePct', title: t('col.wastePct'), sorter: true, width: 100, align: 'right', render: pct },
    {
      key: 'actions',
      title: t('col.actions'),
      fixed: 'right',
      width: 80,
      render: (_v, r) => (
        <Link to={detailPath(r.importFileId, r.runId)} data-testid="file-detail">
          {t('detail.open')}
        </Link>
      ),
    },
  ]
  // The totals row, under the columns it adds up.
  const summary = () =>
    totals && list.rows.length > 0 ? (
      <Table.Summary fixed>
        <Table.Summary.Row data-testid="files-totals">
          <Table.Summary.Cell index={0} colSpan={5}>
            <Typography.Text strong>{t('total')}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} align="right">
            <span data-testid="total-boards">{boardsText(totals.boards)}</span>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={6} align="right">
            <span data-testid="total-pieces">{totals.pieces}</span>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={7} align="right">
            <span data-testid="total-parts-area">{m2(totals.partsArea)}</span>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={8} align="right">
            <span data-testid="total-boards-area">{m2(totals.boardsArea)}</span>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={9} align="right">
            {m2(totals.offcutsArea)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={10} align="right">
            <span data-testid="total-utilisation">{pct(totals.utilisation)}</span>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={11} align="right">
            {pct(totals.wastePct)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={12} />
        </Table.Summary.Row>
      </Table.Summary>
    ) : null

  const filtered = search.filter || search.from || search.to
  return (
    <PageContainer>
      <SearchBar
        fields={fields}
        onSearch={(v) => {
          const range = Array.isArray(v.range) ? v.range : undefined
          setSearch({ filter: typeof v.filter === 'string' ? v.filter : undefined, from: range?.[0], to: range?.[1] })
          paging.reset()
        }}
        testId="files-search"
      />
      <DataTable<FileUtilisation>
        list={list}
        rowKey="importFileId"
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        summary={summary}
        emptyText={filtered ? t('emptySearch') : t('empty')}
        testId="utilisation-files"
        scroll={{ x: 1700 }}
      />
    </PageContainer>
  )
}
