import { App, Button, Divider, Flex, Form, Input, InputNumber, Select, Spin, Switch, Typography } from 'antd'
import type { Rule } from 'antd/es/form'
import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage, http, validationErrorsByField } from '../../../components'
import type { ListResult } from '../../../api/types'
import { groupQuery, useSaveGroup } from '../api'
import { passesCheck, secretIsSet, toBody, toForm, type FieldSpec, type GroupSpec } from '../groups'

type Values = Record<string, unknown>

/** One settings group as a form: its values resolved for the caller, Save writes them all. */
export function GroupForm({ group, extra }: { group: GroupSpec; extra?: ReactNode }) {
  const { t } = useTranslation('settings-management')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const query = useQuery(groupQuery<Values>(group.path))
  const save = useSaveGroup(group.path, group.method)

  useEffect(() => {
    if (query.data) form.setFieldsValue(toForm(group, query.data))
  }, [query.data, form, group])

  if (query.isPending) return <Spin data-testid={`settings-${group.key}-loading`} />
  if (query.isError) {
    return (
      <Flex vertical gap={8} align="start">
        <Typography.Text type="danger">{t('loadFailed')}</Typography.Text>
        <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
      </Flex>
    )
  }

  const label = (f: FieldSpec) => t(`field.${group.key}.${f.name.join('.')}`)
  const rules = (f: FieldSpec): Rule[] => {
    const out: Rule[] = []
    const name = label(f)
    if (f.minLength && f.kind === 'text') out.push({ required: true, whitespace: true, message: t('rule.required', { name }) })
    if (f.maxLength) out.push({ max: f.maxLength, message: t('rule.maxLength', { name, max: f.maxLength }) })
    if (f.kind === 'int' || f.kind === 'float') {
      out.push({ required: true, message: t('rule.required', { name }) })
      if (f.min !== undefined) out.push({ type: 'number', min: f.min, message: t('rule.min', { name, min: f.min }) })
      if (f.max !== undefined) out.push({ type: 'number', max: f.max, message: t('rule.max', { name, max: f.max }) })
    }
    if (f.check) {
      out.push({
        validator: (_, v: unknown) =>
          passesCheck(f.check, typeof v === 'string' ? v.trim() : '') ? Promise.resolve() : Promise.reject(new Error(t(`rule.${f.check}`, { name }))),
      })
    }
    return out
  }
  const control = (f: FieldSpec) => {
    const testId = `settings-${group.key}-${f.name.join('-')}`
    switch (f.kind) {
      case 'bool':
        return <Switch data-testid={testId} />
      case 'int':
        return <InputNumber precision={0} style={{ width: 200 }} data-testid={testId} />
      case 'float':
        return <InputNumber step={0.1} style={{ width: 200 }} data-testid={testId} />
      case 'lookup':
        return <LookupSelect source={f.source ?? ''} testId={testId} />
      case 'select':
        return <Select style={{ width: 240 }} options={(f.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))} data-testid={testId} />
      case 'secret':
        return (
          <Input.Password
            autoComplete="new-password"
            placeholder={secretIsSet(f, query.data) ? t('secretSet') : t('secretNotSet')}
            data-testid={testId}
          />
        )
      default:
        return <Input allowClear data-testid={testId} />
    }
  }
  const item = (f: FieldSpec) => (
    <Form.Item
      key={f.name.join('.')}
      name={f.name}
      label={label(f)}
      rules={rules(f)}
      valuePropName={f.kind === 'bool' ? 'checked' : 'value'}
      extra={t(`hint.${group.key}.${f.name.join('.')}`, { defaultValue: '' }) || undefined}
    >
      {control(f)}
    </Form.Item>
  )

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync(toBody(group, values))
      message.success(t('saved'))
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = group.fields.map((f) => f.name.join('.')).filter((n) => byField[n])
      if (known.length) form.setFields(known.map((n) => ({ name: n.split('.'), errors: [byField[n]] })))
      const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
      message.error(errorToMessage(failed, tApp).message)
    }
  }

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '240px' }} labelWrap onFinish={submit} data-testid={`settings-${group.key}-form`} style={{ maxWidth: 760 }}>
      {group.sections
        ? group.sections.map((s) => (
            <div key={s}>
              <Divider titlePlacement="start">{t(`section.${group.key}.${s}`)}</Divider>
              {group.fields.filter((f) => f.name[0] === s).map(item)}
            </div>
          ))
        : group.fields.map(item)}
      <Flex gap={8} style={{ marginLeft: 240 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`settings-${group.key}-save`}>
          {t('save')}
        </Button>
        {extra}
      </Flex>
    </Form>
  )
}

/**
 * A select over the rows of a list call (the optimisation tab's parameters and machine): empty
 * means "the row marked default", so it can be cleared.
 */
function LookupSelect({ source, testId, value, onChange }: { source: string; testId: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation('settings-management')
  const rows = useQuery({
    queryKey: ['settings-management', 'lookup', source],
    queryFn: ({ signal }) => http.get<ListResult<{ id: string; name: string }>>(source, { params: { MaxResultCount: 1000 }, signal }),
  })
  return (
    <Select
      style={{ width: 320 }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={rows.isPending}
      placeholder={t('lookupDefault')}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? '')}
      options={(rows.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
      data-testid={testId}
    />
  )
}
