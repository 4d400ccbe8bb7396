import { useCallback, useEffect, useMemo, useState, type HTMLAttributes } from 'react'
import { Alert, App, Button, Flex, List, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd'
import { CopyOutlined, EditOutlined, EyeOutlined, ReloadOutlined, RollbackOutlined, SaveOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import type { ButtonProps } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, PageContainer, errorToMessage, useAppConfig, usePermission, useWhenChanged } from '../../components'
import type { AbpErrorBody } from '../../api/errors'
import { configQuery, orderTypesQuery, useSaveConfig } from './api'
import {
  copyFromDefault,
  dropOwnRows,
  hasOwnRows,
  isDirty,
  newRow,
  putRow,
  sortProblems,
  toBody,
  toDraft,
  viewRows,
  type DraftRow,
  type ServerProblem,
  type ViewRow,
} from './config'
import { PreviewDrawer } from './components/PreviewDrawer'
import { TableDialog } from './components/TableDialog'
import { UnsavedModal } from './components/UnsavedModal'
import { DetailTablePermissions, salesOrderPolicies } from './permissions'
import { ACTIONS, type DetailTableRow, type TableKey } from './types'

/** The select's value of "every order type" (rows without an order type). */
const EVERY = ''

/**
 * sales/detail-tables: which detail tables the orders of each order type show, in which order,
 * which are required, their columns (formulas checked as typed) and who may use their actions
 * (docs/decisions/0011, "Detail-table configuration"). The page edits the whole configuration —
 * every order type's rows — and Save sends it in one PUT; the server's refusals, which name
 * table and column, are listed and put on the fields of the table they name.
 */
export function DetailTablesPage() {
  const { t } = useTranslation('detail-tables')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const { has } = usePermission()
  const appConfig = useAppConfig()
  const canSave = has(DetailTablePermissions.Configure)
  const cfg = useQuery(configQuery())
  const types = useQuery(orderTypesQuery())
  const save = useSaveConfig()

  const [saved, setSaved] = useState<DetailTableRow[]>([])
  const [draft, setDraft] = useState<DraftRow[]>([])
  const [selection, setSelection] = useState<string | null>(null)
  const [problems, setProblems] = useState<ServerProblem[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const [editing, setEditing] = useState<{ row: DraftRow; title: string } | null>(null)
  const [pending, setPending] = useState<string | null | undefined>(undefined)
  const [previewOpen, setPreviewOpen] = useState(false)

  const reset = useCallback((rows: readonly DetailTableRow[]) => {
    setSaved([...rows])
    setDraft(rows.map(toDraft))
    setProblems([])
    setFailure(null)
  }, [])
  useWhenChanged(cfg.data, (rows) => {
    if (rows) reset(rows)
  })

  const dirty = useMemo(() => isDirty(draft, saved), [draft, saved])

  // Leaving with changes not saved: the browser asks first (closing or reloading the tab).
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])

  const policyNames = useMemo(() => salesOrderPolicies(appConfig.data?.auth?.policies), [appConfig.data])
  const typeName = useCallback(
    (id: string | null) => {
      if (!id) return t('everyType')
      const ty = types.data?.find((x) => x.id === id)
      return ty ? ty.name : t('unknownType', { id })
    },
    [t, types.data],
  )
  const tableLabel = (key: TableKey) => t(`table.${key}`)

  const typeOptions = useMemo(() => {
    const known = types.data ?? []
    const ids = new Set(known.map((x) => x.id))
    const orphans = [...new Set(draft.map((r) => r.orderTypeId).filter((id): id is string => !!id && !ids.has(id)))]
    const label = (id: string, name: string) => (
      <span>
        {name}
        {hasOwnRows(draft, id) ? (
          <Tag color="blue" style={{ marginInlineStart: 8 }}>
            {t('ownConfig')}
          </Tag>
        ) : null}
      </span>
    )
    return [
      { value: EVERY, label: <span>{t('everyType')}</span>, text: t('everyType') },
      ...known.map((x) => ({ value: x.id, label: label(x.id, x.name), text: `${x.code} ${x.name}` })),
      ...orphans.map((id) => ({ value: id, label: label(id, t('unknownType', { id })), text: id })),
    ]
  }, [draft, t, types.data])

  const rows = useMemo(() => viewRows(draft, selection), [draft, selection])
  const problemsOf = (uid: string | undefined) => problems.filter((p) => p.uid && p.uid === uid)

  // ---------------------------------------------------------------- saving

  const doSave = async (): Promise<boolean> => {
    if (save.isPending) return false
    const sent = draft
    setProblems([])
    setFailure(null)
    try {
      await save.mutateAsync(toBody(sent))
      message.success(t('saved'))
      return true
    } catch (e) {
      const body = (e instanceof HttpError ? e.data : undefined) as AbpErrorBody | undefined
      const list = body?.error?.validationErrors ?? []
      if (list.length) setProblems(sortProblems(list, sent))
      else {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        setFailure(errorToMessage(failed, tApp).message)
      }
      message.error(t('saveFailed'))
      return false
    }
  }

  // ---------------------------------------------------------------- switching what is shown

  const choose = (value: string | null) => {
    if (value === selection) return
    if (dirty) setPending(value)
    else setSelection(value)
  }
  const discardAndSwitch = () => {
    reset(saved)
    if (pending !== undefined) setSelection(pending)
    setPending(undefined)
  }
  const saveAndSwitch = async () => {
    if (await doSave()) {
      if (pending !== undefined) setSelection(pending)
      setPending(undefined)
    }
  }
  const reload = () => {
    const go = () => {
      void cfg.refetch().then((r) => {
        if (r.data) reset(r.data)
      })
    }
    if (!dirty) return go()
    modal.confirm({
      title: t('tips'),
      content: t('reloadConfirm'),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-reload' } as ButtonProps,
      onOk: go,
    })
  }

  // ---------------------------------------------------------------- editing

  const setRow = (row: DraftRow) => {
    setDraft((d) => putRow(d, row))
    setProblems((ps) => ps.filter((p) => p.uid !== row.uid))
  }
  const openEditor = (v: ViewRow) => {
    const own = v.source === 'own' && v.row ? v.row : newRow(v.key, selection, v.row)
    const inherited = v.source === 'default' ? ` · ${t('dialog.fromDefault')}` : ''
    setEditing({ row: own, title: t('dialog.title', { table: tableLabel(v.key), selection: typeName(selection) }) + inherited })
  }
  const openProblem = (p: ServerProblem) => {
    const row = draft.find((r) => r.uid === p.uid)
    if (!row) return
    setSelection(row.orderTypeId)
    setEditing({ row, title: t('dialog.title', { table: tableLabel(row.key), selection: typeName(row.orderTypeId) }) })
  }
  const toggle = (row: DraftRow, field: 'shown' | 'required', value: boolean) => setRow({ ...row, [field]: value })

  const copyDefault = () => {
    if (!selection) return
    setDraft((d) => copyFromDefault(d, selection))
    message.info(t('copied'))
  }
  const useDefault = () => {
    if (!selection) return
    const type = selection
    modal.confirm({
      title: t('tips'),
      content: t('useDefaultConfirm', { type: typeName(type) }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-use-default' } as ButtonProps,
      onOk: () => setDraft((d) => dropOwnRows(d, type)),
    })
  }

  // ---------------------------------------------------------------- the table

  const inheritedTip = (v: ViewRow) => (v.source === 'default' ? t('inheritedTip') : v.source === 'none' ? t('notConfiguredTip') : undefined)
  const columns: ColumnsType<ViewRow> = [
    {
      key: 'table',
      title: t('field.table'),
      width: 170,
      render: (_v, v) => (
        <Space size={4}>
          <span data-testid="table-name">{tableLabel(v.key)}</span>
          {problemsOf(v.row?.uid).length && v.source === 'own' ? (
            <Tag color="red" data-testid="table-has-errors">
              {t('errorsCount', { count: problemsOf(v.row?.uid).length })}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'source',
      title: t('field.source'),
      width: 130,
      render: (_v, v) => <Tag color={v.source === 'own' ? 'blue' : v.source === 'default' ? 'default' : 'orange'}>{t(`source.${v.source}`)}</Tag>,
    },
    {
      key: 'shown',
      title: t('field.shown'),
      width: 80,
      render: (_v, v) => (
        <Tooltip title={inheritedTip(v)}>
          <Switch
            size="small"
            checked={v.row?.shown ?? false}
            disabled={v.source !== 'own' || !canSave}
            aria-label={t('field.shownOf', { table: tableLabel(v.key) })}
            onChange={(c) => v.row && toggle(v.row, 'shown', c)}
            data-testid="row-shown"
          />
        </Tooltip>
      ),
    },
    {
      key: 'required',
      title: t('field.required'),
      width: 80,
      render: (_v, v) => (
        <Tooltip title={inheritedTip(v)}>
          <Switch
            size="small"
            checked={v.row?.required ?? false}
            disabled={v.source !== 'own' || !canSave}
            aria-label={t('field.requiredOf', { table: tableLabel(v.key) })}
            onChange={(c) => v.row && toggle(v.row, 'required', c)}
            data-testid="row-required"
          />
        </Tooltip>
      ),
    },
    { key: 'sort', title: t('field.sort'), width: 70, align: 'right', render: (_v, v) => <span data-testid="row-sort">{v.row?.sort ?? '–'}</span> },
    {
      key: 'columns',
      title: t('field.columnCount'),
      width: 80,
      align: 'right',
      render: (_v, v) => <span data-testid="row-columns">{v.row ? v.row.columns.length : '–'}</span>,
    },
    {
      key: 'actions',
      title: t('field.actionsSummary'),
      render: (_v, v) => {
        const granted = ACTIONS.filter((a) => (v.row?.actions[a] ?? []).length)
        return granted.length ? (
          <Space size={[4, 4]} wrap data-testid="row-actions">
            {granted.map((a) => (
              <Tooltip key={a} title={(v.row?.actions[a] ?? []).join(', ')}>
                <Tag>{t(`action.${a}`)}</Tag>
              </Tooltip>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary" data-testid="row-actions">
            {t('noActions')}
          </Typography.Text>
        )
      },
    },
    {
      key: 'edit',
      title: t('actions'),
      width: 100,
      fixed: 'right',
      render: (_v, v) => (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          disabled={!canSave}
          onClick={() => openEditor(v)}
          aria-label={t('editOf', { table: tableLabel(v.key) })}
          data-testid="row-edit"
        >
          {t('edit')}
        </Button>
      ),
    },
  ]

  const typeHasOwn = selection ? hasOwnRows(draft, selection) : true
  const loadFailed =
    cfg.error instanceof HttpError ? errorToMessage({ status: cfg.error.status, data: cfg.error.data, timeout: cfg.error.timeout }, tApp).message : cfg.error ? String(cfg.error) : null

  return (
    <PageContainer
      extra={
        <>
          {dirty ? (
            <Tag color="orange" style={{ alignSelf: 'center' }} data-testid="dirty">
              {t('unsavedTag')}
            </Tag>
          ) : null}
          <Button icon={<EyeOutlined />} onClick={() => setPreviewOpen(true)} data-testid="preview-open">
            {t('preview.open')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reload} data-testid="reload">
            {t('reload')}
          </Button>
          {canSave ? (
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} disabled={!dirty || save.isPending} onClick={() => void doSave()} data-testid="save">
              {t('save')}
            </Button>
          ) : null}
        </>
      }
    >
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Text id="detail-tables-type-label">{t('orderType')}</Typography.Text>
        <Select
          style={{ minWidth: 260 }}
          value={selection ?? EVERY}
          options={typeOptions}
          showSearch={{ optionFilterProp: 'text' }}
          loading={types.isLoading}
          onChange={(v: string) => choose(v || null)}
          aria-labelledby="detail-tables-type-label"
          data-testid="order-type"
        />
        {selection && !typeHasOwn && canSave ? (
          <Button icon={<CopyOutlined />} onClick={copyDefault} data-testid="copy-default">
            {t('copyDefault')}
          </Button>
        ) : null}
        {selection && typeHasOwn && canSave ? (
          <Button icon={<RollbackOutlined />} onClick={useDefault} data-testid="use-default">
            {t('useDefault')}
          </Button>
        ) : null}
      </Flex>

      {selection && !typeHasOwn ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('noOwnRows', { type: typeName(selection) })} data-testid="no-own-rows" />
      ) : null}

      {problems.length || failure ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('refused')}
          data-testid="save-errors"
          description={
            failure ? (
              <span data-testid="save-error">{failure}</span>
            ) : (
              <List
                size="small"
                split={false}
                dataSource={problems}
                renderItem={(p) => (
                  <List.Item
                    style={{ padding: '2px 0' }}
                    actions={
                      p.uid
                        ? [
                            <Button key="open" type="link" size="small" onClick={() => openProblem(p)} data-testid="save-error-open">
                              {t('edit')}
                            </Button>,
                          ]
                        : undefined
                    }
                  >
                    <span data-testid="save-error">{p.message}</span>
                  </List.Item>
                )}
              />
            )
          }
        />
      ) : null}

      {loadFailed ? (
        <Alert
          type="error"
          showIcon
          title={loadFailed}
          action={
            <Button size="small" onClick={() => void cfg.refetch()}>
              {t('retry')}
            </Button>
          }
          data-testid="load-error"
        />
      ) : (
        <Table<ViewRow>
          size="middle"
          rowKey="key"
          loading={cfg.isLoading}
          pagination={false}
          dataSource={rows}
          columns={columns}
          scroll={{ x: 'max-content' }}
          onRow={(v) => ({ 'data-testid': 'detail-table-row', 'data-key': v.key, 'data-source': v.source }) as HTMLAttributes<HTMLElement>}
        />
      )}

      {editing ? (
        <TableDialog
          key={editing.row.uid}
          row={editing.row}
          title={editing.title}
          problems={problemsOf(editing.row.uid)}
          policyNames={policyNames}
          onApply={(row) => {
            setRow(row)
            setEditing(null)
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <UnsavedModal
        open={pending !== undefined}
        saving={save.isPending}
        onSave={() => void saveAndSwitch()}
        onDiscard={discardAndSwitch}
        onCancel={() => setPending(undefined)}
      />
      <PreviewDrawer open={previewOpen} orderTypeId={selection} selectionLabel={typeName(selection)} dirty={dirty} onClose={() => setPreviewOpen(false)} />
    </PageContainer>
  )
}
