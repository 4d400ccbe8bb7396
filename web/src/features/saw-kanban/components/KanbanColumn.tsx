import { Badge, Button, Card, Flex, Tooltip, Typography } from 'antd'
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useDraggable, useDroppable } from '@dnd-kit/core'
import type { Board, BoardState } from '../api'
import { dropId, nextState, percent, prevState, size } from '../board'

export interface KanbanColumnProps {
  channel: number
  state: BoardState
  boards: Board[]
  mayMove: boolean
  busy: boolean
  onMove: (board: Board, state: BoardState) => void
}

/** One column of a channel: its title with the count, and its boards (a drop target). */
export function KanbanColumn({ channel, state, boards, mayMove, busy, onMove }: KanbanColumnProps) {
  const { t } = useTranslation('saw-kanban')
  const { setNodeRef, isOver } = useDroppable({ id: dropId(channel, state) })
  return (
    <div
      ref={setNodeRef}
      data-testid={`column-${channel}-${state}`}
      data-count={boards.length}
      style={{
        background: isOver ? 'rgba(22,119,255,0.08)' : 'rgba(0,0,0,0.02)',
        border: '1px solid rgba(0,0,0,0.06)',
        borderRadius: 8,
        padding: 8,
        minHeight: 120,
      }}
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t(`columns.${state}`)}</Typography.Text>
        <Badge count={boards.length} showZero color={state === 2 ? 'green' : state === 1 ? 'blue' : 'orange'} data-testid={`count-${channel}-${state}`} />
      </Flex>
      <Flex vertical gap={8}>
        {boards.length === 0 ? <Typography.Text type="secondary">{t('emptyColumn')}</Typography.Text> : null}
        {boards.map((b) => (
          <BoardCard key={b.id} board={b} mayMove={mayMove} busy={busy} onMove={onMove} />
        ))}
      </Flex>
    </div>
  )
}

function BoardCard({ board, mayMove, busy, onMove }: { board: Board; mayMove: boolean; busy: boolean; onMove: KanbanColumnProps['onMove'] }) {
  const { t } = useTranslation('saw-kanban')
  const { setNodeRef, attributes, listeners, transform, isDragging } = useDraggable({ id: board.id, data: { board }, disabled: !mayMove })
  const prev = prevState(board.state)
  const next = nextState(board.state)
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-testid={`board-${board.sheetIndex}`}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        opacity: isDragging ? 0.7 : 1,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
        cursor: mayMove ? 'grab' : 'default',
      }}
    >
      <Card size="small" styles={{ body: { padding: 8 } }}>
        <Flex justify="space-between" align="center">
          <Typography.Text strong>{t('board', { n: board.sheetIndex })}</Typography.Text>
          <Typography.Text type="secondary">{t('book', { n: board.book })}</Typography.Text>
        </Flex>
        <div>{board.material || board.boardCode}</div>
        <Typography.Text type="secondary">{size(board)}</Typography.Text>
        <Flex justify="space-between" align="center" style={{ marginTop: 4 }}>
          <span>
            {t('parts', { n: board.parts })} · {percent(board.utilisation)}
          </span>
          {mayMove ? (
            <Flex gap={4}>
              {prev !== null ? (
                <Tooltip title={t('back', { column: t(`columns.${prev}`) })}>
                  <Button
                    size="small"
                    icon={<ArrowLeftOutlined />}
                    aria-label={t('back', { column: t(`columns.${prev}`) })}
                    disabled={busy}
                    onPointerDown={(e) => e.stopPropagation()}
                    onClick={() => onMove(board, prev)}
                  />
                </Tooltip>
              ) : null}
              {next !== null ? (
                <Tooltip title={t('forward', { column: t(`columns.${next}`) })}>
                  <Button
                    size="small"
                    type="primary"
                    icon={<ArrowRightOutlined />}
                    aria-label={t('forward', { column: t(`columns.${next}`) })}
                    disabled={busy}
                    onPointerDown={(e) => e.stopPropagation()}
                    onClick={() => onMove(board, next)}
                  />
                </Tooltip>
              ) : null}
            </Flex>
          ) : null}
        </Flex>
        {board.movedBy ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('movedBy', { name: board.movedBy })}
          </Typography.Text>
        ) : null}
      </Card>
    </div>
  )
}
