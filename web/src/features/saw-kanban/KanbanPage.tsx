import { useState } from 'react'
import { App, Col, Empty, Flex, Row, Select, Space, Spin, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { PageContainer, usePermission } from '../../components'
import { failureMessage } from '../optimization-settings/serverErrors'
import { channelsQuery, finishedRunsQuery, useMoveBoard, type Board, type BoardState, type Run } from './api'
import { STATES, canMove, columnsOf, parseDropId } from './board'
import { KanbanColumn } from './components/KanbanColumn'
import { KanbanPermissions as P } from './permissions'

/**
 * saw-kanban/index (decision 0013): a finished run's boards by saw channel in three columns —
 * waiting, cutting, done. An operator moves a board one column on with a button or by dragging
 * it; moving back asks first. The boards are read again every 10 s.
 */
export function KanbanPage() {
  const { t } = useTranslation('saw-kanban')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const mayMove = has(P.Move)
  const runs = useQuery(finishedRunsQuery())
  const [picked, setPicked] = useState<string | undefined>()
  const runList = runs.data ?? []
  const runId = picked && runList.some((r) => r.id === picked) ? picked : runList[0]?.id
  const channels = useQuery(channelsQuery(runId))
  const move = useMoveBoard(runId)
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }))

  const doMove = async (board: Board, state: BoardState) => {
    try {
      await move.mutateAsync({ boardId: board.id, state })
      message.success(t('moved', { board: board.sheetIndex, column: t(`columns.${state}`) }))
    } catch (e) {
      message.error(failureMessage(e, tApp))
    }
  }
  const request = (board: Board, state: BoardState) => {
    if (!mayMove || !canMove(board.state, state)) return
    if (state > board.state) {
      void doMove(board, state)
      return
    }
    modal.confirm({
      title: t('tips'),
      content: t('confirmBack', { board: board.sheetIndex, column: t(`columns.${state}`) }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: () => doMove(board, state),
    })
  }
  const onDragEnd = (e: DragEndEvent) => {
    const board = e.active.data.current?.board as Board | undefined
    const target = parseDropId(e.over?.id)
    if (!board || !target || target.channel !== board.channel || target.state === board.state) return
    if (!canMove(board.state, target.state)) {
      message.warning(t('oneColumn'))
      return
    }
    request(board, target.state)
  }

  const runLabel = (r: Run) =>
    t('runOption', { planNo: r.planNo, boards: r.boards, finished: r.finishedAt ? dayjs(r.finishedAt).format('YYYY-MM-DD HH:mm') : '—' })

  const body = () => {
    if (runs.isLoading) return <Spin />
    if (runList.length === 0) return <Empty description={t('noRuns')} />
    if (channels.isLoading) return <Spin />
    const list = channels.data ?? []
    if (list.length === 0) return <Empty description={t('noBoards')} />
    return (
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {list.map((ch) => {
            const cols = columnsOf(ch)
            return (
              <section key={ch.channel} data-testid={`channel-${ch.channel}`}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {t('channel', { n: ch.channel })}
                </Typography.Title>
                <Row gutter={[12, 12]}>
                  {STATES.map((s) => (
                    <Col key={s} xs={24} md={8}>
                      <KanbanColumn channel={ch.channel} state={s} boards={cols[s]} mayMove={mayMove} busy={move.isPending} onMove={request} />
                    </Col>
                  ))}
                </Row>
              </section>
            )
          })}
        </Space>
      </DndContext>
    )
  }

  return (
    <PageContainer
      title={t('title')}
      extra={
        <Flex align="center" gap={8}>
          <Typography.Text>{t('run')}</Typography.Text>
          <Select
            data-testid="run-select"
            style={{ minWidth: 320 }}
            loading={runs.isLoading}
            value={runId}
            placeholder={t('pickRun')}
            notFoundContent={t('noRuns')}
            options={runList.map((r) => ({ value: r.id, label: runLabel(r) }))}
            onChange={(v: string) => setPicked(v)}
          />
        </Flex>
      }
    >
      {body()}
    </PageContainer>
  )
}
