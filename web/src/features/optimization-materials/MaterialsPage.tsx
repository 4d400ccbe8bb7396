import { useMemo, useState, type Key } from 'react'
import { App, Button, Space, Tabs, Tag, Typography } from 'antd'
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import {
  ConfiguredTable,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  HttpError,
  PageContainer,
  Permission,
  SearchBar,
  errorToMessage,
  pagedList,
  usePermission,
  useTablePaging,
  type ColumnDef,
  type SearchField,
  type SearchValues,
} from '../../components'
import { exportMaterials, materialListQuery, useMaterialMutations, type Material } from './api'
import { MaterialsPermissions as P } from './permissions'
import { MaterialDialog } from './components/MaterialDialog'
import { ImportDialog } from './components/ImportDialog'
import { BoardsTab } from './components/BoardsTab'

const TIME = 'YYYY-MM-DD HH:mm'

/**
 * optimization-materials/index (spec 002 §7.11, docs/decisions/0013): the sheet materials the saw
 * cuts, searched by code, name or colour and by enabled state, sorted and paged on the server;
 * create and edit a material with its boards in one dialog, delete one or the selected ones
 * (refused while an offcut of the material is in stock), import and export the workbook
 * (sheets 材料/Materials and 板材/Boards). A second tab queries every board.
 */
export function MaterialsPage() {
  const { t } = useTranslation('optimization-materials')
  const [tab, setTab] = useState('materials')
  return (
    <PageContainer>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        data-testid="materials-tabs"
        items={[
          { key: 'materials', label: t('tab.materials'), children: <MaterialsTab /> },
          { key: 'boards', label: t('tab.boards'), children: <BoardsTab />, destroyOnHidden: true },
        ]}
      />
    </PageContainer>
  )
}

function MaterialsTab() {
  const { t } = useTranslation('optimization-materials')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [search, setSearch] = useState<SearchValues>({})
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const filterText = typeof search.filterText === 'string' ? search.filterText : undefined
  const isEnable = search.isEnable === 'true' ? true : search.isEnable === 'false' ? false : undefined
  const list = pagedList(useQuery(materialListQuery({ filterText, isEnable, sorting, ...paging.request })))
  const { removeMaterial } = useMaterialMutations()
  const [editing, setEditing] = useState<Partial<Material> | null>(null)
  const [importing, setImporting] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [selected, setSelected] = useState<Material[]>([])
  const canEdit = has(P.Edit)
  const canDelete = has(P.Delete)
  const canImport = has(P.Import)

  const searchFields: SearchField[] = [
    { name: 'filterText', label: t('search.filterText'), type: 'text', placeholder: t('search.filterTextHint'), width: 220 },
    {
      name: 'isEnable',
      label: t('field.isEnable'),
      type: 'select',
      options: [
        { value: 'true', label: t('enabled') },
        { value: 'false', label: t('disabled') },
      ],
    },
  ]

  const columns = useMemo<ColumnDef<Material>[]>(
    () => [
      { key: 'code', title: t('field.code'), sortable: true, alwaysShown: true, width: 140, render: (_v, r) => <span data-testid="material-code">{r.code}</span> },
      { key: 'name', title: t('field.name'), sortable: true, width: 180 },
      { key: 'thickness', title: t('field.thickness'), sortable: true, width: 90, align: 'right' },
      { key: 'grain', title: t('field.grain'), width: 70, render: (_v, r) => (r.grain ? <Tag color="blue">{t('grain')}</Tag> : null) },
      { key: 'color', title: t('field.color'), sortable: true, width: 100 },
      { key: 'edgeAllowance', title: t('field.edgeAllowance'), width: 100, align: 'right' },
      {
        key: 'isEnable',
        title: t('field.isEnable'),
        sortable: true,
        width: 80,
        render: (_v, r) => (r.isEnable ? <Tag color="green">{t('enabled')}</Tag> : <Tag>{t('disabled')}</Tag>),
      },
      { key: 'creationTime', title: t('field.creationTime'), sortable: true, width: 150, render: (_v, r) => dayjs(r.creationTime).format(TIME) },
    ],
    [t],
  )

  const failure = (e: unknown) => {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    return errorToMessage(failed, tApp).message
  }

  /** Deletes rows one by one after the 提示/Tips confirmation; a refused one is named and the rest go on. */
  const del = (rows: Material[]) =>
    modal.confirm({
      title: t('tips'),
      content: rows.length === 1 ? t('confirmDelete', { name: rows[0].name, code: rows[0].code }) : t('confirmDeleteMany', { count: rows.length }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        const refused: string[] = []
        let done = 0
        for (const r of rows) {
          try {
            await removeMaterial.mutateAsync(r.id)
            done++
          } catch (e) {
            refused.push(failure(e))
          }
        }
        setSelected((s) => s.filter((x) => !rows.some((r) => r.id === x.id)))
        if (done) message.success(t('deletedCount', { count: done }))
        for (const m of refused) message.error(m)
        if (done && list.rows.length <= done && paging.page > 1) paging.setPage(paging.page - 1)
      },
    })

  const exportSelected = async () => {
    setExporting(true)
    try {
      await exportMaterials(
        selected.map((r) => r.id),
        t('exportName'),
      )
    } catch (e) {
      message.error(failure(e))
    } finally {
      setExporting(false)
    }
  }

  const searched = !!filterText || isEnable !== undefined

  return (
    <>
      <SearchBar
        fields={searchFields}
        onSearch={(v) => {
          setSearch(v)
          paging.reset()
        }}
        testId="materials-search"
      />
      <ConfiguredTable<Material>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        selection={{ selectedRowKeys: selected.map((r) => r.id as Key), onChange: (_keys, rows) => setSelected(rows) }}
        emptyText={searched ? t('emptySearch') : t('empty')}
        testId="materials"
        toolbar={
          <Space wrap>
            <Permission value={P.Create}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="material-add">
                {t('create')}
              </Button>
            </Permission>
            {canImport ? (
              <>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="materials-import">
                  {t('import.button')}
                </Button>
                <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportSelected()} data-testid="materials-export">
                  {selected.length ? t('exportSelected', { count: selected.length }) : t('exportAll')}
                </Button>
              </>
            ) : null}
            {canDelete ? (
              <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => del(selected)} data-testid="materials-delete-selected">
                {t('deleteSelected')}
              </Button>
            ) : null}
          </Space>
        }
        actions={{
          title: t('actions'),
          fixed: 'right',
          width: 130,
          render: (_: unknown, row: Material) => (
            <Space size={0} data-testid="material-actions" data-code={row.code}>
              {canEdit ? (
                <Button type="link" size="small" onClick={() => setEditing({ ...row })} data-testid="material-edit">
                  {t('edit')}
                </Button>
              ) : null}
              {canDelete ? (
                <Button type="link" size="small" danger onClick={() => del([row])} data-testid="material-delete">
                  {t('delete')}
                </Button>
              ) : null}
              {!canEdit && !canDelete ? <Typography.Text type="secondary">-</Typography.Text> : null}
            </Space>
          ),
        }}
      />
      <MaterialDialog row={editing} onClose={() => setEditing(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  )
}
