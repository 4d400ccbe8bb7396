import { useMemo, useRef, useState } from 'react'
import { Alert, App, Descriptions, Form, Select, Tag, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  ColumnChooser,
  HttpError,
  SaveModal,
  errorToMessage,
  useDebounced,
  useWhenChanged,
  validationErrorsByField,
  type ColumnSetting,
} from '../../../components'
import { configurationListQuery, rolesQuery, useConfigurationMutations, type PageConfiguration } from '../api'
import { MAX_ROLES, configOf, hiddenJson, hiddenKeys, hiddenOptions, settingsOf, showsAColumn } from '../rules'

export interface ConfigurationDialogProps {
  /** The configuration to edit; null when not editing. */
  row: PageConfiguration | null
  /** True to create a role configuration (by copying a configuration of a route). */
  create: boolean
  /** Menu titles by route key. */
  titles: Map<string, string>
  onClose: () => void
}

interface FormValues {
  routeKey?: string
  sourceId?: string
  roleList: string[]
  hiddenFields: string[]
}

const FIELDS = new Set(['routeKey', 'roleList', 'hiddenFields'])

/**
 * Edits a configuration (role list, hidden fields, columns), or creates a role configuration:
 * choose a route among those configured, the configuration of it to copy, then the roles; the
 * copied columns and hidden fields can be changed before saving. The server's messages show on
 * their fields (the columns' under the column list).
 */
export function ConfigurationDialog({ row, create, titles, onClose }: ConfigurationDialogProps) {
  const { t } = useTranslation('page-configuration')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<FormValues>()
  const { create: createMutation, update } = useConfigurationMutations()
  const busy = useRef(false)
  const open = create || !!row
  const [settings, setSettings] = useState<ColumnSetting[] | null>(null)
  const [columnsError, setColumnsError] = useState<string | null>(null)
  const [routeText, setRouteText] = useState('')
  const routeSearch = useDebounced(routeText)
  const routeKey = Form.useWatch('routeKey', form)
  const roleList = Form.useWatch('roleList', form)
  const hidden = Form.useWatch('hiddenFields', form)

  const roles = useQuery({ ...rolesQuery(), enabled: open })
  const routes = useQuery({
    ...configurationListQuery({ filter: routeSearch, sorting: 'routeKey', skipCount: 0, maxResultCount: 100 }),
    enabled: create,
  })
  const sources = useQuery({
    ...configurationListQuery({ routeKey: routeKey ?? '', sorting: 'kind', skipCount: 0, maxResultCount: 100 }),
    enabled: create && !!routeKey,
  })

  useWhenChanged(open ? (row ?? 'create') : null, (target) => {
    if (!target) return
    form.resetFields()
    setColumnsError(null)
    setRouteText('')
    if (typeof target === 'string') {
      setSettings(null)
      form.setFieldsValue({ roleList: [], hiddenFields: [] })
      return
    }
    setSettings(settingsOf(target.config))
    form.setFieldsValue({ roleList: target.roleList ?? [], hiddenFields: hiddenKeys(target.hiddenFields) })
  })

  const routeName = (key: string) => (titles.has(key) ? `${titles.get(key)} · ${key}` : key)
  const routeOptions = useMemo(() => {
    const keys = [...new Set((routes.data?.items ?? []).map((r) => r.routeKey))]
    return keys.map((k) => ({ value: k, label: routeName(k) }))
    // titles change with the menu only
  }, [routes.data, titles])

  const sourceLabel = (r: PageConfiguration) => {
    const who =
      r.kind === 'user'
        ? t('sourceLabel.user', { user: r.userName || r.userId })
        : r.kind === 'role'
          ? t('sourceLabel.role', { roles: (r.roleList ?? []).join(', ') })
          : t('sourceLabel.tenant')
    return `${who} — ${t('shortColumns', { shown: r.shownColumnCount, total: r.columnCount })}`
  }
  const sourceRows = (sources.data?.items ?? []).filter((r) => r.routeKey === routeKey && settingsOf(r.config))

  const chooseRoute = (key: string) => {
    form.setFieldsValue({ routeKey: key, sourceId: undefined })
    setSettings(null)
    setColumnsError(null)
  }
  const chooseSource = (id: string) => {
    const source = sourceRows.find((r) => r.id === id)
    if (!source) return
    setSettings(settingsOf(source.config))
    setColumnsError(null)
    form.setFieldsValue({ hiddenFields: hiddenKeys(source.hiddenFields) })
  }

  // The first configuration of a chosen route (the default for everyone sorts last by kind:
  // prefer it) is offered at once.
  useWhenChanged(create && routeKey && sourceRows.length ? `${routeKey}:${sourceRows.length}` : null, (k) => {
    if (!k || form.getFieldValue('sourceId')) return
    const first = sourceRows.find((r) => r.kind === 'tenant') ?? sourceRows[0]
    form.setFieldsValue({ sourceId: first.id })
    chooseSource(first.id)
  })

  const submit = async () => {
    if (!open || busy.current) return
    let values: FormValues
    try {
      values = await form.validateFields()
    } catch {
      return // the form shows what is wrong
    }
    if (settings && !showsAColumn(settings)) {
      setColumnsError(t('rule.oneColumn'))
      return
    }
    busy.current = true
    try {
      if (row) {
        await update.mutateAsync({
          id: row.id,
          body: {
            roleList: values.roleList ?? [],
            hiddenFields: hiddenJson(values.hiddenFields ?? []),
            config: settings ? configOf(settings) : undefined,
            concurrencyStamp: row.concurrencyStamp,
          },
        })
        message.success(t('updated'))
      } else {
        if (!settings || !values.routeKey) return
        await createMutation.mutateAsync({
          routeKey: values.routeKey,
          config: configOf(settings),
          roleList: values.roleList,
          hiddenFields: hiddenJson(values.hiddenFields ?? []),
        })
        message.success(t('created'))
      }
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = Object.entries(byField).filter(([f]) => FIELDS.has(f))
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof FormValues, errors: [msg] })))
      if (byField.config) setColumnsError(byField.config)
      const shown = known.length + (byField.config ? 1 : 0)
      if (!shown || shown < Object.keys(byField).length) {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      }
    } finally {
      busy.current = false
    }
  }

  const roleHint = () => {
    if (create) return t('hint.roleList')
    if (!row) return undefined
    const chosen = (roleList ?? []).length > 0
    if (row.kind === 'user' && chosen) return t('hint.userRoles')
    if (row.kind === 'tenant' && chosen) return t('hint.tenantRoles')
    if (row.kind === 'role' && !chosen) return t('hint.roleEmpty')
    return t('hint.roleList')
  }

  return (
    <SaveModal
      open={open}
      width={760}
      title={t(create ? 'createTitle' : 'editTitle')}
      saving={update.isPending || createMutation.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="config-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="config-dialog" onFinish={() => void submit()}>
        {row ? (
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('field.route')}>
              <span data-testid="config-dialog-route">{routeName(row.routeKey)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('col.kind')}>
              <Tag>{t(`kind.${row.kind}`)}</Tag>
              {row.kind === 'user' ? row.userName : null}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        {create ? (
          <>
            <Form.Item name="routeKey" label={t('field.route')} extra={t('hint.route')} rules={[{ required: true, message: t('rule.route') }]}>
              <Select
                showSearch
                filterOption={false}
                onSearch={setRouteText}
                onChange={chooseRoute}
                options={routeOptions}
                loading={routes.isFetching}
                notFoundContent={routes.isFetching ? undefined : t('emptySearch')}
                data-testid="config-dialog-route-select"
              />
            </Form.Item>
            <Form.Item name="sourceId" label={t('field.source')} extra={t('hint.source')} rules={[{ required: true, message: t('rule.source') }]}>
              <Select
                disabled={!routeKey}
                loading={sources.isFetching}
                onChange={chooseSource}
                options={sourceRows.map((r) => ({ value: r.id, label: sourceLabel(r) }))}
                data-testid="config-dialog-source"
              />
            </Form.Item>
          </>
        ) : null}
        {roles.isError ? <Alert type="warning" showIcon message={t('rolesUnavailable')} style={{ marginBottom: 12 }} /> : null}
        <Form.Item
          name="roleList"
          label={t('field.roleList')}
          extra={roleHint()}
          rules={[
            ...(create ? [{ required: true, type: 'array' as const, min: 1, message: t('rule.roles') }] : []),
            { type: 'array' as const, max: MAX_ROLES, message: t('rule.maxRoles', { max: MAX_ROLES }) },
          ]}
        >
          <Select
            mode={roles.isError ? 'tags' : 'multiple'}
            allowClear
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.name, label: r.name }))}
            data-testid="config-dialog-roles"
          />
        </Form.Item>
        <Form.Item name="hiddenFields" label={t('field.hiddenFields')} extra={t('hint.hiddenFields')}>
          <Select mode="multiple" allowClear options={hiddenOptions(settings ?? [], hidden ?? [])} data-testid="config-dialog-hidden" />
        </Form.Item>
        <Form.Item
          label={t('field.columns')}
          extra={settings ? t('hint.columns') : undefined}
          validateStatus={columnsError ? 'error' : undefined}
          help={columnsError ?? undefined}
        >
          {settings ? (
            <div style={{ maxHeight: 320, overflow: 'auto', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, padding: 4 }}>
              <ColumnChooser
                value={settings}
                onChange={(s) => {
                  setSettings(s)
                  setColumnsError(null)
                }}
                testId="config-dialog-columns"
              />
            </div>
          ) : row ? (
            <Alert type="warning" showIcon message={t('configUnreadable')} />
          ) : (
            <Typography.Text type="secondary">{t('hint.source')}</Typography.Text>
          )}
        </Form.Item>
      </Form>
    </SaveModal>
  )
}
