import { useEffect, useState } from 'react'
import { Alert, App, Button, Empty, InputNumber, Modal, Space, Table, Tag } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { PartPickerModal, useClickGuard, type Product } from '../../../components/catalog-pickers'
import { useProductPartMutations, useProductParts } from '../api'
import { addPicked, mergeLinks, MIN_LINK_COUNT, validCount, type MaterialRow } from '../materialRows'

export interface MaterialsDialogProps {
  product: Product | null
  onClose: () => void
}

/**
 * Materials management of one product: its linked parts with editable counts (≥ 0). Picked
 * materials start in edit mode with count 1 and are created on save; saved ones are updated.
 * Deleting an unsaved one only removes it from the table.
 */
export function MaterialsDialog({ product, onClose }: MaterialsDialogProps) {
  return product ? <MaterialsDialogBody key={product.id} product={product} onClose={onClose} /> : null
}

function MaterialsDialogBody({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useTranslation('catalog')
  const { message, modal } = App.useApp()
  const guard = useClickGuard()
  const links = useProductParts(product.id)
  const { create, update, remove } = useProductPartMutations(product.id)
  const [rows, setRows] = useState<MaterialRow[]>([])
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set())
  const [picking, setPicking] = useState(false)

  useEffect(() => {
    if (links.data) setRows((local) => mergeLinks(links.data, local))
  }, [links.data])

  const patch = (key: string, p: Partial<MaterialRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r)))
  const setBusy = (key: string, on: boolean) =>
    setSaving((s) => {
      const n = new Set(s)
      if (on) n.add(key)
      else n.delete(key)
      return n
    })

  const save = async (row: MaterialRow) => {
    if (saving.has(row.key)) return
    if (!validCount(row.count)) {
      message.warning(t('numberMin', { min: MIN_LINK_COUNT }))
      return
    }
    setBusy(row.key, true)
    try {
      if (row.linkId) {
        const saved = await update.mutateAsync({ id: row.linkId, count: row.count })
        patch(row.key, { editing: false, count: saved?.count ?? row.count })
      } else {
        const saved = await create.mutateAsync({ partId: row.partId, count: row.count })
        // The new row gets its id after saving.
        setRows((rs) => rs.map((r) => (r.key === row.key ? { ...r, key: saved.id, linkId: saved.id, editing: false, count: saved.count } : r)))
      }
      message.success(t('saved'))
    } catch (e) {
      console.error(e) // a failed save only re-enables the button (spec 001 §8)
    } finally {
      setBusy(row.key, false)
    }
  }

  const del = (row: MaterialRow) =>
    modal.confirm({
      title: t('tips'),
      content: t('links.confirmDelete', { name: row.name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: async () => {
        if (!row.linkId) {
          setRows((rs) => rs.filter((r) => r.key !== row.key))
          return
        }
        await remove.mutateAsync(row.linkId)
        setRows((rs) => rs.filter((r) => r.key !== row.key))
        message.success(t('deleted'))
      },
    })

  const columns: ColumnsType<MaterialRow> = [
    {
      key: 'name',
      title: t('links.name'),
      render: (_, r) => (
        <Space>
          {r.name}
          {r.linkId ? null : <Tag color="orange">{t('links.unsaved')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'count',
      title: t('links.count'),
      width: 160,
      render: (_, r) =>
        r.editing ? (
          <InputNumber
            min={MIN_LINK_COUNT}
            value={r.count}
            status={validCount(r.count) ? undefined : 'error'}
            onChange={(v) => patch(r.key, { count: v })}
            onPressEnter={() => void save(r)}
            data-testid="material-count"
          />
        ) : (
          r.count
        ),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 200,
      render: (_, r) => (
        <Space size={0}>
          {r.editing ? (
            <>
              <Button type="link" size="small" loading={saving.has(r.key)} disabled={saving.has(r.key)} onClick={() => void save(r)} data-testid="material-save">
                {t('save')}
              </Button>
              {r.linkId ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    const orig = links.data?.find((l) => l.id === r.linkId)
                    patch(r.key, { editing: false, count: orig?.count ?? r.count })
                  }}
                >
                  {t('cancel')}
                </Button>
              ) : null}
            </>
          ) : (
            <Button type="link" size="small" onClick={() => patch(r.key, { editing: true })} data-testid="material-edit">
              {t('edit')}
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => del(r)} data-testid="material-delete">
            {t('delete')}
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <Modal open title={t('links.title', { name: product.name })} width={720} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="materials-dialog">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => guard('select', () => setPicking(true))}
          data-testid="materials-select"
        >
          {t('links.select')}
        </Button>
        {links.isError ? (
          <Alert type="error" title={t('loadFailed')} action={<Button size="small" onClick={() => void links.refetch()}>{t('retry')}</Button>} />
        ) : (
          <Table<MaterialRow>
            rowKey="key"
            size="small"
            loading={links.isPending}
            columns={columns}
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('links.empty')} /> }}
            data-testid="materials-table"
          />
        )}
      </div>
      <PartPickerModal
        open={picking}
        disabledIds={rows.map((r) => r.partId)}
        onCancel={() => setPicking(false)}
        onConfirm={(picked) => {
          setRows((rs) => addPicked(rs, picked))
          setPicking(false)
        }}
      />
    </Modal>
  )
}
