import { useState } from 'react'
import { Alert, App, Button, Card, Empty, Flex, List, Modal, Skeleton, Tag, Tooltip, Typography } from 'antd'
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageContainer, usePermission } from '../../components'
import { KIND_OFFCUT, binFill, rowsQuery, shelfQuery, useSetupMutations, type BinInfo, type Row, type RowView, type Shelf, type ShelfInfo, type ShelfView } from './api'
import { WarehousePermissions as P } from './permissions'
import { FactoriesDialog } from './components/FactoriesDialog'
import { RowDialog } from './components/RowDialog'
import { ShelfDialog } from './components/ShelfDialog'
import { failureMessage } from './components/setupForm'

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
 * fill, and a bin shows the items it holds. With the set-up permissions the toolbar adds rows
 * and shelves and opens the factories; each row and shelf is edited or deleted (after 提示/Tips;
 * the server refuses, naming the bin, what holds stock).
 */
export function ShelvesPage() {
  const { t } = useTranslation('warehouse')
  const { t: tApp } = useTranslation()
  const { modal, message } = App.useApp()
  const { has } = usePermission()
  const rows = useQuery(rowsQuery())
  const { removeRow, removeShelf } = useSetupMutations()
  const [selected, setSelected] = useState<string>('')
  const [bin, setBin] = useState<BinInfo | null>(null)
  const [factories, setFactories] = useState(false)
  const [rowEdit, setRowEdit] = useState<{ row: Row | null } | null>(null)
  const [shelfEdit, setShelfEdit] = useState<{ shelf: Shelf | null; rowId?: string } | null>(null)
  const all = rows.data ?? []
  // The shelf shown is followed by id, so a renamed shelf stays open under its new code.
  const shelf = all.flatMap((r) => r.shelves ?? []).find((s) => s.id === selected)
  const canCreate = has(P.ShelvesCreate)
  const canEdit = has(P.ShelvesEdit)
  const canDelete = has(P.ShelvesDelete)

  const confirmDelete = (content: string, remove: () => Promise<unknown>, done?: () => void) =>
    modal.confirm({
      title: t('tips'),
      content,
      okText: t('setup.confirm'),
      cancelText: t('setup.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as never,
      onOk: async () => {
        try {
          await remove()
          message.success(t('setup.deleted'))
          done?.()
        } catch (e) {
          message.error(failureMessage(e, tApp))
        }
      },
    })
  const deleteRow = (r: RowView) => confirmDelete(t('setup.confirmDeleteRow', { code: r.code }), () => removeRow.mutateAsync(r.id))
  const deleteShelf = (s: ShelfView) =>
    confirmDelete(
      t('setup.confirmDeleteShelf', { code: s.code, bins: s.bins }),
      () => removeShelf.mutateAsync(s.id),
      () => setSelected((cur) => (cur === s.id ? '' : cur)),
    )

  return (
    <PageContainer
      extra={
        <>
          {has(P.Factories) ? (
            <Button icon={<ApartmentOutlined />} onClick={() => setFactories(true)} data-testid="open-factories">
              {t('setup.factories')}
            </Button>
          ) : null}
          {canCreate ? (
            <Button icon={<PlusOutlined />} onClick={() => setRowEdit({ row: null })} data-testid="add-row">
              {t('setup.addRow')}
            </Button>
          ) : null}
          {canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setShelfEdit({ shelf: null })} disabled={all.length === 0} data-testid="add-shelf">
              {t('setup.addShelf')}
            </Button>
          ) : null}
        </>
      }
    >
      {rows.isError ? <Alert type="error" showIcon title={String(rows.error?.message ?? '')} /> : null}
      {rows.isPending ? <Skeleton active /> : null}
      {rows.data && rows.data.length === 0 ? <Empty description={t('shelves.empty')} /> : null}
      <Flex vertical gap={16}>
        {all.map((r) => (
          <div key={r.id} data-testid="shelf-row" data-code={r.code}>
            <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {r.name} <Typography.Text type="secondary">{r.factoryName}</Typography.Text>
              </Typography.Title>
              {canCreate ? (
                <Tooltip title={t('setup.addShelf')}>
                  <Button size="small" type="text" icon={<PlusOutlined />} aria-label={t('setup.addShelf')} onClick={() => setShelfEdit({ shelf: null, rowId: r.id })} data-testid="row-add-shelf" />
                </Tooltip>
              ) : null}
              {canEdit ? (
                <Tooltip title={t('setup.edit')}>
                  <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('setup.edit')} onClick={() => setRowEdit({ row: r })} data-testid="row-edit" />
                </Tooltip>
              ) : null}
              {canDelete ? (
                <Tooltip title={t('setup.delete')}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('setup.delete')} onClick={() => deleteRow(r)} data-testid="row-delete" />
                </Tooltip>
              ) : null}
            </Flex>
            <Flex gap={12} wrap>
              {(r.shelves ?? []).map((s) => (
                <ShelfCard
                  key={s.id}
                  shelf={s}
                  selected={s.id === selected}
                  onClick={() => setSelected(s.id)}
                  onEdit={canEdit ? () => setShelfEdit({ shelf: s }) : undefined}
                  onDelete={canDelete ? () => deleteShelf(s) : undefined}
                />
              ))}
            </Flex>
          </div>
        ))}
      </Flex>
      {shelf ? <ShelfGrid code={shelf.code} onBin={setBin} /> : all.length ? <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>{t('shelves.pickShelf')}</Typography.Paragraph> : null}
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
      <FactoriesDialog open={factories} onClose={() => setFactories(false)} />
      <RowDialog open={!!rowEdit} row={rowEdit?.row ?? null} nextSort={all.reduce((m, r) => Math.max(m, r.sort), 0) + 1} onClose={() => setRowEdit(null)} />
      <ShelfDialog open={!!shelfEdit} shelf={shelfEdit?.shelf ?? null} rowId={shelfEdit?.rowId} rows={all} onClose={() => setShelfEdit(null)} />
    </PageContainer>
  )
}

interface ShelfCardProps {
  shelf: ShelfView
  selected: boolean
  onClick: () => void
  onEdit?: () => void
  onDelete?: () => void
}

function ShelfCard({ shelf, selected, onClick, onEdit, onDelete }: ShelfCardProps) {
  const { t } = useTranslation('warehouse')
  const actions = [
    onEdit ? (
      <Button key="edit" size="small" type="text" icon={<EditOutlined />} onClick={(e) => {
          e.stopPropagation()
          onEdit()
        }} data-testid="shelf-edit">
        {t('setup.edit')}
      </Button>
    ) : null,
    onDelete ? (
      <Button key="delete" size="small" type="text" danger icon={<DeleteOutlined />} onClick={(e) => {
          e.stopPropagation()
          onDelete()
        }} data-testid="shelf-delete">
        {t('setup.delete')}
      </Button>
    ) : null,
  ].filter(Boolean)
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
      actions={actions.length ? actions : undefined}
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
                    style={{ minWidth: 72, padding: '0 6px', height: 44, border: '1px solid #d9d9d9', borderRadius: 4, background: fillColour(b.onHand), cursor: 'pointer' }}
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
