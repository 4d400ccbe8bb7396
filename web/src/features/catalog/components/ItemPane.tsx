import { useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react'
import { App, Button, Flex, Input, InputNumber, Space, Switch, Tooltip, Typography } from 'antd'
import { DownloadOutlined, ImportOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import { DataTable, Permission, useDebounced, useScrollPages } from '../../../components'
import {
  SORTABLE_ITEM_FIELDS,
  itemColumnMeta,
  itemFields,
  renderItemField,
  useClickGuard,
  usePickerT,
  type Catalog,
  type CatalogItem,
  type CatalogModule,
  type CatalogNode,
  type ItemColumnField,
  type Product,
} from '../../../components/catalog-pickers'
import { catalogItemPages, exportItems, useItemMutations } from '../api'
import type { ModulePermissions } from '../permissions'
import { checkItemField, itemLimit } from '../rules'
import { ImageField } from './ImageField'
import { ItemDialog, type ItemDialogState } from './ItemDialog'
import { ImportDialog } from './ImportDialog'
import { MaterialsDialog } from './MaterialsDialog'
import { MoveDialog } from './MoveDialog'

export interface ItemPaneProps {
  module: CatalogModule
  /** The selected entry of the tree (the root entry or a directory). */
  node: CatalogNode
  catalogs: readonly Catalog[]
  perms: ModulePermissions
}

type Draft = Partial<CatalogItem> & { count?: number | null; size?: string | null }

const NUMBER_FIELDS: ReadonlySet<ItemColumnField> = new Set(['length', 'width', 'height', 'count'])
const EDITABLE_TEXT: ReadonlySet<ItemColumnField> = new Set(['name', 'code', 'erpCode', 'stockCode', 'workshopCode', 'factoryCode', 'describe', 'color', 'unit', 'size'])

/** Whether a row matches a search as the server does: a substring of its name or code, any case. */
export function matchesFilter(row: Pick<CatalogItem, 'name' | 'code'>, filter: string): boolean {
  const q = filter.trim().toLowerCase()
  return !q || (row.name ?? '').toLowerCase().includes(q) || (row.code ?? '').toLowerCase().includes(q)
}

/**
 * The rows to show: the ones created on this screen first (newest first, in their latest
 * version, when they match the search), then the server's pages without them. A new row is
 * thus on screen at once, with its id, wherever the server's order puts it.
 */
export function freshFirst<T extends CatalogItem>(rows: readonly T[], fresh: readonly T[], filter: string): T[] {
  if (!fresh.length) return [...rows]
  const byId = new Map(rows.map((r) => [r.id, r]))
  const top = fresh.filter((r) => matchesFilter(byId.get(r.id) ?? r, filter)).map((r) => byId.get(r.id) ?? r)
  const ids = new Set(fresh.map((r) => r.id))
  return [...top, ...rows.filter((r) => !ids.has(r.id))]
}

/**
 * The right pane: the items of the selected directory, searched (name or code), sorted and
 * paged on the server, 20 rows then 20 more on scrolling near the bottom; Add / Import Excel /
 * Move / Export; rows in display or inline edit mode.
 */
export function ItemPane({ module, node, catalogs, perms }: ItemPaneProps) {
  const { t } = useTranslation('catalog')
  const { t: tc } = usePickerT()
  const { message, modal } = App.useApp()
  const guard = useClickGuard()
  const [filter, setFilter] = useState('')
  const [sorting, setSorting] = useState<string | undefined>()
  const search = useDebounced(filter)
  const list = useScrollPages(catalogItemPages<CatalogItem>(module, { catalogId: node.id, filter: search, sorting }))
  const { save, remove } = useItemMutations<CatalogItem>(module)
  const [selected, setSelected] = useState<string[]>([])
  const [drafts, setDrafts] = useState<Record<string, Draft>>({})
  const [fieldErrors, setFieldErrors] = useState<Record<string, Record<string, string>>>({})
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set())
  const [dialog, setDialog] = useState<ItemDialogState | null>(null)
  const [materialsFor, setMaterialsFor] = useState<Product | null>(null)
  const [importOpen, setImportOpen] = useState(false)
  const [moveOpen, setMoveOpen] = useState(false)
  const [exporting, setExporting] = useState(false)

  // Rows created here go first, newest on top, so a new row is on screen with its id.
  const [fresh, setFresh] = useState<CatalogItem[]>([])
  const rows = useMemo(() => freshFirst(list.rows, fresh, search), [list.rows, fresh, search])
  const shown = { ...list, rows, total: Math.max(list.total, rows.length) }
  // Ticked rows stay ticked while other pages load or the search changes; moving needs their whole rows.
  const seen = useRef(new Map<string, CatalogItem>())
  for (const r of rows) seen.current.set(r.id, r)
  const selectedRows = selected.map((id) => seen.current.get(id)).filter((r): r is CatalogItem => !!r)
  const keepFresh = (saved: CatalogItem) => setFresh((f) => f.map((r) => (r.id === saved.id ? saved : r)))
  const dropFresh = (ids: readonly string[]) => setFresh((f) => f.filter((r) => !ids.includes(r.id)))

  const nameRequired = t(`${module}.nameRequired`)
  const editing = (id: string) => id in drafts
  const valueOf = (row: CatalogItem): Draft => ({ ...row, ...(drafts[row.id] ?? {}) })

  const setDraft = (id: string, field: string, v: unknown) => setDrafts((d) => ({ ...d, [id]: { ...d[id], [field]: v } }))
  const validateField = (id: string, field: string, v: unknown) => {
    const msg = checkItemField(field, v, t, nameRequired)
    setFieldErrors((e) => {
      const mine = { ...(e[id] ?? {}) }
      if (msg) mine[field] = msg
      else delete mine[field]
      return { ...e, [id]: mine }
    })
    return msg
  }
  const stopEditing = (id: string) => {
    setDrafts(({ [id]: _gone, ...rest }) => rest)
    setFieldErrors(({ [id]: _gone, ...rest }) => rest)
  }
  const setBusy = (id: string, on: boolean) =>
    setSaving((s) => {
      const n = new Set(s)
      if (on) n.add(id)
      else n.delete(id)
      return n
    })

  const saveRow = async (row: CatalogItem) => {
    if (saving.has(row.id)) return
    const v = valueOf(row)
    const problems = itemFields(module)
      .filter((f) => f !== 'isEnable' && f !== 'images')
      .map((f) => validateField(row.id, f, v[f as keyof Draft]))
      .filter(Boolean)
    if (problems.length) return
    setBusy(row.id, true)
    try {
      keepFresh(await save.mutateAsync(v))
      stopEditing(row.id)
      message.success(t('updated'))
    } catch (e) {
      console.error(e) // a failed save only re-enables the button (spec 001 §8)
    } finally {
      setBusy(row.id, false)
    }
  }

  const deleteRow = (row: CatalogItem) =>
    modal.confirm({
      title: t('tips'),
      content: t(`${module}.confirmDelete`, { name: row.name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(row.id)
        dropFresh([row.id])
        stopEditing(row.id)
        setSelected((s) => s.filter((id) => id !== row.id))
        message.success(t('deleted'))
      },
    })

  const toggleRow = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))

  const onAdd = () =>
    guard('add', () => {
      if (!node.id) {
        message.warning(t(`${module}.selectDirectory`))
        return
      }
      setDialog({ catalogId: node.id })
    })
  const onImport = () => {
    if (!node.id) {
      message.error(t(`${module}.selectDirectoryForImport`))
      return
    }
    setImportOpen(true)
  }
  const onMove = () => {
    if (!selectedRows.length) {
      message.error(t(`${module}.selectToMove`))
      return
    }
    setMoveOpen(true)
  }
  const onExport = () => {
    setExporting(true)
    exportItems(module, node.id, search, t(`${module}.exportName`))
      .catch((e: unknown) => console.error(e))
      .finally(() => setExporting(false))
  }

  const editor = (row: CatalogItem, f: ItemColumnField): ReactNode => {
    const v = valueOf(row)
    const err = fieldErrors[row.id]?.[f]
    let input: ReactNode
    if (f === 'isEnable')
      input = <Switch size="small" checked={v.isEnable !== false} onChange={(c) => setDraft(row.id, 'isEnable', c)} data-testid="edit-isEnable" />
    else if (f === 'images') input = <ImageField size="small" value={v.images} onChange={(url) => setDraft(row.id, 'images', url)} testId="edit-image" />
    else if (NUMBER_FIELDS.has(f))
      input = (
        <InputNumber
          size="small"
          min={itemLimit(f).minimum}
          style={{ width: '100%' }}
          value={(v[f as keyof Draft] as number | null | undefined) ?? null}
          status={err ? 'error' : undefined}
          onChange={(n) => setDraft(row.id, f, n)}
          onBlur={() => validateField(row.id, f, valueOf(row)[f as keyof Draft])}
          data-testid={`edit-${f}`}
        />
      )
    else if (EDITABLE_TEXT.has(f))
      input = (
        <Input
          size="small"
          value={(v[f as keyof Draft] as string | null | undefined) ?? ''}
          status={err ? 'error' : undefined}
          onChange={(e) => setDraft(row.id, f, e.target.value)}
          onBlur={(e) => validateField(row.id, f, e.target.value)}
          onPressEnter={() => void saveRow(row)}
          data-testid={`edit-${f}`}
        />
      )
    else input = renderItemField(f, row, tc)
    return (
      <div onClick={(e) => e.stopPropagation()}>
        {input}
        {err ? (
          <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} data-testid="edit-error">
            {err}
          </Typography.Text>
        ) : null}
      </div>
    )
  }

  const columns: ColumnsType<CatalogItem> = [
    ...itemFields(module).map((f) => ({
      key: f,
      ...itemColumnMeta(f, tc),
      sorter: SORTABLE_ITEM_FIELDS.has(f),
      render: (_: unknown, row: CatalogItem) => (editing(row.id) ? editor(row, f) : renderItemField(f, row, tc)),
    })),
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right' as const,
      width: module === 'product' ? 200 : 150,
      render: (_: unknown, row: CatalogItem) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {editing(row.id) ? (
            <>
              <Button type="link" size="small" loading={saving.has(row.id)} disabled={saving.has(row.id)} onClick={() => void saveRow(row)} data-testid="row-save">
                {t('save')}
              </Button>
              <Button type="link" size="small" onClick={() => stopEditing(row.id)} data-testid="row-cancel">
                {t('cancel')}
              </Button>
              <Button type="link" size="small" onClick={() => setDialog({ row: valueOf(row), catalogId: row.catalogId ?? '' })} data-testid="row-more">
                {t('more')}
              </Button>
            </>
          ) : (
            <>
              {module === 'product' ? (
                <Button type="link" size="small" onClick={() => setMaterialsFor(row as Product)} data-testid="row-materials">
                  {t('materials')}
                </Button>
              ) : null}
              <Button type="link" size="small" onClick={() => setDrafts((d) => ({ ...d, [row.id]: {} }))} data-testid="row-edit">
                {t('edit')}
              </Button>
              <Button type="link" size="small" danger onClick={() => deleteRow(row)} data-testid="row-delete">
                {t('delete')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ]

  const body = (
    <DataTable<CatalogItem>
      list={shown}
      columns={columns}
      emptyText={t(`${module}.empty`)}
      scroll={{ x: 'max-content', y: 'calc(100vh - 340px)' }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => setSelected(keys.map(String)),
        preserveSelectedRowKeys: true,
      }}
      onRow={(row) =>
        ({
          onClick: () => {
            if (!editing(row.id)) guard(`row:${row.id}`, () => toggleRow(row.id))
          },
          'data-testid': 'item-row',
          'data-name': row.name,
          'data-editing': editing(row.id) ? 'true' : 'false',
        }) as HTMLAttributes<HTMLElement>
      }
      onSortingChange={setSorting}
      testId="items"
    />
  )

  return (
    <div data-testid="item-pane">
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={tc('filterName')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ width: 260 }}
          data-testid="items-filter"
        />
        <Space wrap>
          {selected.length ? <Typography.Text type="secondary">{t('toolbar.selectedCount', { count: selected.length })}</Typography.Text> : null}
          <Permission value={perms.create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="items-add">
              {t(`${module}.add`)}
            </Button>
          </Permission>
          <Permission value={perms.import}>
            <Button icon={<ImportOutlined />} onClick={onImport} data-testid="items-import">
              {t('toolbar.importExcel')}
            </Button>
            <Button icon={<SwapOutlined />} onClick={onMove} data-testid="items-move">
              {t('toolbar.move')}
            </Button>
          </Permission>
          <Tooltip title={t('toolbar.export')}>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport} data-testid="items-export">
              {t('toolbar.export')}
            </Button>
          </Tooltip>
        </Space>
      </Flex>
      {body}
      <ItemDialog
        module={module}
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={(saved) => {
          if (dialog?.row?.id) {
            stopEditing(dialog.row.id)
            keepFresh(saved)
          } else if (saved?.id) setFresh((f) => [saved, ...f])
          setDialog(null)
        }}
      />
      <MaterialsDialog product={materialsFor} onClose={() => setMaterialsFor(null)} />
      <ImportDialog module={module} target={node} open={importOpen} onClose={() => setImportOpen(false)} />
      <MoveDialog
        module={module}
        open={moveOpen}
        catalogs={catalogs}
        rows={selectedRows}
        onClose={() => setMoveOpen(false)}
        onMoved={() => {
          setMoveOpen(false)
          dropFresh(selected)
          setSelected([])
        }}
      />
    </div>
  )
}
