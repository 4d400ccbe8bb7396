import { useState } from 'react'
import { Alert, Card, Empty, Flex, List, Modal, Skeleton, Tag, Tooltip, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components'
import { KIND_OFFCUT, binFill, rowsQuery, shelfQuery, type BinInfo, type ShelfInfo, type ShelfView } from './api'

/** Background of a bin by how full it is: empty grey, then green to orange to red. */
export function fillColour(onHand: number): string {
  if (onHand <= 0) return '#f5f5f5'
  const f = binFill(onHand)
  if (f < 0.5) return '#b7eb8f'
  if (f < 1) return '#ffd591'
  return '#ffa39e'
}

/**
 * warehouse/shelves (货架看板, /offcut/shelves): the storehouse rows with their shelves and fill;
 * a shelf opens as a grid of its bins (levels top down, positions left to right) coloured by
 * fill, and a bin shows the items it holds.
 */
export function ShelvesPage() {
  const { t } = useTranslation('warehouse')
  const rows = useQuery(rowsQuery())
  const [shelf, setShelf] = useState<string>('')
  const [bin, setBin] = useState<BinInfo | null>(null)

  return (
    <PageContainer>
      {rows.isError ? <Alert type="error" showIcon title={String(rows.error?.message ?? '')} /> : null}
      {rows.isPending ? <Skeleton active /> : null}
      {rows.data && rows.data.length === 0 ? <Empty description={t('shelves.empty')} /> : null}
      <Flex vertical gap={16}>
        {(rows.data ?? []).map((r) => (
          <div key={r.id} data-testid="shelf-row" data-code={r.code}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {r.name} <Typography.Text type="secondary">{r.factoryName}</Typography.Text>
            </Typography.Title>
            <Flex gap={12} wrap>
              {(r.shelves ?? []).map((s) => (
                <ShelfCard key={s.id} shelf={s} selected={s.code === shelf} onClick={() => setShelf(s.code)} />
              ))}
            </Flex>
          </div>
        ))}
      </Flex>
      {shelf ? <ShelfGrid code={shelf} onBin={setBin} /> : rows.data?.length ? <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>{t('shelves.pickShelf')}</Typography.Paragraph> : null}
      <Modal open={!!bin} title={bin ? t('shelves.binTitle', { code: bin.code }) : ''} footer={null} onCancel={() => setBin(null)} destroyOnHidden>
        {bin && (bin.items ?? []).length === 0 ? <Empty description={t('shelves.binEmpty')} /> : null}
        {bin && (bin.items ?? []).length > 0 ? (
          <List
            size="small"
            data-testid="bin-items"
            dataSource={bin.items ?? []}
            renderItem={(it) => (
              <List.Item data-testid="bin-item">
                <Tag color={it.kind === KIND_OFFCUT ? 'orange' : 'blue'}>{t(`kind.${it.kind}`)}</Tag>
                <span>
                  {it.materialCode} {it.length}×{it.width}×{it.thickness}
                </span>
                <strong data-testid="bin-item-onhand">{t('shelves.pieces', { count: it.onHand })}</strong>
              </List.Item>
            )}
          />
        ) : null}
      </Modal>
    </PageContainer>
  )
}

function ShelfCard({ shelf, selected, onClick }: { shelf: ShelfView; selected: boolean; onClick: () => void }) {
  const { t } = useTranslation('warehouse')
  return (
    <Card
      size="small"
      hoverable
      onClick={onClick}
      style={{ width: 220, borderColor: selected ? '#1677ff' : undefined }}
      data-testid="shelf-card"
      data-code={shelf.code}
      title={shelf.code}
      extra={<Tag color={shelf.storageType === 1 ? 'orange' : 'blue'}>{shelf.storageType === 1 ? t('shelves.offcuts') : t('shelves.boards')}</Tag>}
    >
      <div>{shelf.name}</div>
      <Typography.Text type="secondary">
        {t('shelves.bins', { used: shelf.usedBins, total: shelf.bins })} · <span data-testid="shelf-onhand">{t('shelves.pieces', { count: shelf.onHand })}</span>
      </Typography.Text>
    </Card>
  )
}

function ShelfGrid({ code, onBin }: { code: string; onBin: (b: BinInfo) => void }) {
  const { t } = useTranslation('warehouse')
  const q = useQuery(shelfQuery(code))
  if (q.isPending) return <Skeleton active />
  if (q.isError) return <Alert type="error" showIcon title={String(q.error?.message ?? '')} />
  const info: ShelfInfo | null = q.data ?? null
  if (!info) return null
  const levels = Array.from({ length: info.levels }, (_, i) => info.levels - i)
  const at = new Map((info.bins ?? []).map((b) => [`${b.level}-${b.position}`, b]))
  return (
    <Card size="small" title={`${info.code} · ${info.name}`} style={{ marginTop: 16 }} data-testid="shelf-grid" data-code={info.code}>
      <Flex vertical gap={6}>
        {levels.map((level) => (
          <Flex key={level} gap={6} align="center">
            <Typography.Text type="secondary" style={{ width: 64 }}>
              {t('shelves.level', { level })}
            </Typography.Text>
            {Array.from({ length: info.binsPerLevel }, (_, i) => at.get(`${level}-${i + 1}`)).map((b, i) =>
              b ? (
                <Tooltip key={b.code} title={`${b.code}: ${t('shelves.pieces', { count: b.onHand })}`}>
                  <button
                    type="button"
                    onClick={() => onBin(b)}
                    data-testid="bin"
                    data-code={b.code}
                    data-onhand={b.onHand}
                    style={{ width: 72, height: 44, border: '1px solid #d9d9d9', borderRadius: 4, background: fillColour(b.onHand), cursor: 'pointer' }}
                  >
                    <div style={{ fontSize: 11 }}>{b.code}</div>
                    <strong>{b.onHand || ''}</strong>
                  </button>
                </Tooltip>
              ) : (
                <div key={i} style={{ width: 72 }} />
              ),
            )}
          </Flex>
        ))}
      </Flex>
    </Card>
  )
}
