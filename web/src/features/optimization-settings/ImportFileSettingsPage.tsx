import { useMemo, useRef, useState } from 'react'
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd'
import { DownloadOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ColumnsType } from 'antd/es/table'
import {
  DataTable,
  GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  PageContainer,
  Permission,
  SearchBar,
  pagedList,
  saveBlob,
  usePermission,
  useTablePaging,
  type SearchField,
} from '../../components'
import { downloadTemplate, exportSettings, importSettingsQuery, useSettingsMutations, type ImportFileSetting } from './api'
import { columnLetter } from './fields'
import { SettingsPermissions as P } from './permissions'
import { ImportSettingDialog } from './components/ImportSettingDialog'
import { failureMessage } from './serverErrors'

/**
 * optimization-settings/import-files (decision 0013): how cut lists from design software map to
 * parts. A list searched by name, with create and edit (the columns in an editable table),
 * delete, each setting's template, and the settings workbook in (import) and out (export of the
 * selected settings, or all).
 */
export function ImportFileSettingsPage() {
  const { t } = useTranslation('optimization-settings')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const [filterText, setFilterText] = useState<string | undefined>()
  const [sorting, setSorting] = useState<string | undefined>()
  const paging = useTablePaging(GRID_PAGE_SIZE)
  const list = pagedList(useQuery(importSettingsQuery({ filterText, sorting, ...paging.request })))
  const { removeImportSetting, importWorkbook } = useSettingsMutations()
  const [editing, setEditing] = useState<Partial<ImportFileSetting> | null>(null)
  const [selected, setSelected] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const canEdit = has(P.ImportFileSettingsEdit)
  const canDelete = has(P.ImportFileSettingsDelete)

  const searchFields: SearchField[] = [{ name: 'filterText', label: t('filterText'), type: 'text' }]

  const columns = useMemo<ColumnsType<ImportFileSetting>>(
    () => [
      {
        key: 'name',
        dataIndex: 'name',
        title: t('name'),
        sorter: true,
        width: 200,
        render: (_v, r) => (
          <Space size={4}>
            <span data-testid="import-setting-name-cell">{r.name}</span>
            {r.isDefault ? <Tag color="blue">{t('default')}</Tag> : null}
          </Space>
        ),
      },
      { key: 'fileType', dataIndex: 'fileType', title: t('import.fileType'), sorter: true, width: 130, render: (v: number) => t(`import.fileTypes.${v}`) },
      { key: 'headerRows', dataIndex: 'headerRows', title: t('import.headerRows'), width: 90 },
      {
        key: 'details',
        title: t('import.columns'),
        render: (_v, r) =>
          r.fileType === 2 ? (
            <Typography.Text type="secondary">-</Typography.Text>
          ) : (
            <Space size={[4, 4]} wrap>
              {(r.details ?? []).map((d) => (
                <Tag key={d.id}>
                  {columnLetter(d.columnIndex)} {t(`fields.${d.field}`)}
                </Tag>
              ))}
              {(r.missingFields ?? []).length > 0 ? (
                <Tooltip title={t('import.missing', { list: (r.missingFields ?? []).map((f) => t(`fields.${f}`)).join(t('listSeparator')) })}>
                  <Tag color="orange" data-testid="import-setting-incomplete">
                    {t('import.incomplete')}
                  </Tag>
                </Tooltip>
              ) : null}
            </Space>
          ),
      },
      { key: 'remark', dataIndex: 'remark', title: t('remark'), width: 180, ellipsis: true },
    ],
    [t],
  )

  const del = (row: ImportFileSetting) =>
    modal.confirm({
      title: t('tips'),
      content: t('import.confirmDelete', { name: row.name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        try {
          await removeImportSetting.mutateAsync(row.id)
          message.success(t('deleted'))
          setSelected((s) => s.filter((id) => id !== row.id))
          if (list.rows.length === 1 && paging.page > 1) paging.setPage(paging.page - 1)
        } catch (e) {
          message.error(failureMessage(e, tApp))
        }
      },
    })

  const run = async (fn: () => Promise<void>) => {
    setBusy(true)
    try {
      await fn()
    } catch (e) {
      message.error(failureMessage(e, tApp))
    } finally {
      setBusy(false)
    }
  }

  const onFile = (file: File | undefined) => {
    if (!file) return
    void run(async () => {
      const res = await importWorkbook.mutateAsync(file)
      message.success(t('import.imported', { created: res.created, replaced: res.replaced, details: res.details }))
    })
    if (fileInput.current) fileInput.current.value = ''
  }

  const actionsColumn: ColumnsType<ImportFileSetting>[number] = {
    key: 'actions',
    title: t('actions'),
    fixed: 'right' as const,
    width: 200,
    render: (_: unknown, row: ImportFileSetting) => (
      <Space size={0} data-testid="import-setting-actions" data-name={row.name}>
        {canEdit ? (
          <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="import-setting-edit">
            {t('edit')}
          </Button>
        ) : null}
        {row.fileType !== 2 ? (
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void run(async () => saveBlob(await downloadTemplate(row.id), `${row.name}.xlsx`))}
            data-testid="import-setting-template"
          >
            {t('import.template')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button type="link" size="small" danger onClick={() => del(row)} data-testid="import-setting-delete">
            {t('delete')}
          </Button>
        ) : null}
      </Space>
    ),
  }

  return (
    <PageContainer>
      <SearchBar
        fields={searchFields}
        onSearch={(v) => {
          setFilterText(typeof v.filterText === 'string' ? v.filterText : undefined)
          paging.reset()
        }}
        testId="import-setting-search"
      />
      <Space style={{ marginBottom: 12 }} wrap>
        <Permission value={P.ImportFileSettingsCreate}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="import-setting-add">
            {t('create')}
          </Button>
          <Button icon={<ImportOutlined />} loading={busy && importWorkbook.isPending} onClick={() => fileInput.current?.click()} data-testid="import-setting-import">
            {t('import.importFile')}
          </Button>
          <input ref={fileInput} type="file" accept=".xlsx" hidden onChange={(e) => onFile(e.target.files?.[0])} data-testid="import-setting-file" />
        </Permission>
        <Button
          icon={<ExportOutlined />}
          disabled={busy}
          onClick={() => void run(async () => saveBlob(await exportSettings(selected), 'settings.xlsx'))}
          data-testid="import-setting-export"
        >
          {selected.length > 0 ? `${t('import.export')} (${selected.length})` : t('import.exportAll')}
        </Button>
      </Space>
      <DataTable<ImportFileSetting>
        list={list}
        columns={[...columns, actionsColumn]}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        onSortingChange={(s) => {
          setSorting(s)
          paging.reset()
        }}
        emptyText={filterText ? t('emptySearch') : t('empty')}
        testId="import-settings"
        scroll={{ x: 900 }}
      />
      <ImportSettingDialog row={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  )
}
