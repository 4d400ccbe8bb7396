import { useState } from 'react'
import { Flex, Segmented } from 'antd'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageContainer, SearchBar, pagedList, useTablePaging, type SearchField, type SearchValues } from '../../components'
import { SHEET_PAGE_SIZE, queueQuery, type QueueFilter, type QueueTab } from './api'
import { SheetActionButtons, SheetTable } from './components/SheetTable'
import { useSheetActions } from './components/useSheetActions'
import { CLAIMABLE_STATES, SHEET_STATES, type AuditSheet, type SheetAction, type SheetState } from './types'

const TAB_ACTIONS: Record<QueueTab, readonly SheetAction[]> = {
  waiting: ['claim'],
  mine: ['pass', 'reject', 'sendback'],
}

/** The search's values as the queue's filter. */
export function toQueueFilter(v: SearchValues): QueueFilter {
  const range = Array.isArray(v.created) ? v.created : undefined
  return {
    salesOrderNo: typeof v.salesOrderNo === 'string' ? v.salesOrderNo : undefined,
    state: v.state === undefined || v.state === '' ? undefined : (Number(v.state) as SheetState),
    from: range?.[0],
    to: range?.[1],
  }
}

/**
 * audit-queue/index, /sales/audit-queue: the review queue across orders (0012 "Pages"). "Waiting"
 * lists the sheets a reviewer may claim (waiting, revoked, sent back: see queueQuery), "My sheets"
 * the sheets the user claimed; a search by order number, state and creation date; claim on the
 * first, pass, reject and send back on the second, with the order tab's dialogs and messages.
 */
export function AuditQueuePage() {
  const { t } = useTranslation('audit-design')
  const [tab, setTab] = useState<QueueTab>('waiting')
  const [filter, setFilter] = useState<QueueFilter>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(20)
  const query = useQuery({
    ...queueQuery({ tab, ...filter, sorting, skipCount: paging.request.skipCount, maxResultCount: Math.min(paging.request.maxResultCount, SHEET_PAGE_SIZE) }),
    placeholderData: keepPreviousData,
  })
  const list = pagedList(query)
  const [selectedIds, setSelectedIds] = useState<string[]>([])
  const selected: AuditSheet[] = list.rows.filter((r) => selectedIds.includes(r.id))
  const actions = useSheetActions({ onChanged: () => setSelectedIds([]) })

  const states = tab === 'waiting' ? CLAIMABLE_STATES : SHEET_STATES
  const fields: SearchField[] = [
    { name: 'salesOrderNo', label: t('queue.orderNo'), type: 'text' },
    { name: 'state', label: t('queue.state'), type: 'select', options: states.map((s) => ({ value: String(s), label: t(`state.${s}`) })) },
    { name: 'created', label: t('queue.created'), type: 'dateRange' },
  ]

  return (
    <PageContainer title={t('title')}>
      <Segmented<QueueTab>
        value={tab}
        onChange={(v) => {
          setTab(v)
          setSelectedIds([])
          setFilter((f) => ({ ...f, state: undefined }))
          paging.reset()
        }}
        options={[
          { value: 'waiting', label: <span data-testid="queue-tab-waiting">{t('queue.waiting')}</span> },
          { value: 'mine', label: <span data-testid="queue-tab-mine">{t('queue.mine')}</span> },
        ]}
        style={{ marginBottom: 12 }}
      />
      <SearchBar
        key={tab}
        fields={fields}
        testId="queue-search"
        onSearch={(v) => {
          setFilter(toQueueFilter(v))
          setSelectedIds([])
          paging.reset()
        }}
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <SheetActionButtons actions={actions} offer={TAB_ACTIONS[tab]} selected={selected} />
      </Flex>
      <SheetTable
        list={list}
        actions={actions}
        selected={selectedIds}
        onSelect={setSelectedIds}
        pagination={{ ...paging.pagination, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 99] }}
        withOrder
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        emptyText={t('empty')}
        testId="queue"
      />
      {actions.dialogs}
    </PageContainer>
  )
}
