import { App, Button, Card, Flex, Form, Input, Spin, Switch, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage } from '../../../components'
import { EXTERNAL_PROVIDERS_PATH, groupQuery, useSaveGroup, type ExternalProvider, type ExternalProviderSettings } from '../api'

type FormValues = Record<string, { enabled: boolean; properties: Record<string, string>; secrets: Record<string, string> }>

/** The external sign-in providers: per provider a switch, its properties and its secrets (never shown). */
export function ExternalProvidersForm() {
  const { t } = useTranslation('settings-management')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<FormValues>()
  const query = useQuery(groupQuery<ExternalProviderSettings>(EXTERNAL_PROVIDERS_PATH))
  const save = useSaveGroup(EXTERNAL_PROVIDERS_PATH, 'put')
  const providers: ExternalProvider[] = query.data?.settings ?? []

  useEffect(() => {
    if (!query.data) return
    const v: FormValues = {}
    for (const p of query.data.settings ?? []) {
      v[p.name] = {
        enabled: p.enabled,
        properties: Object.fromEntries((p.properties ?? []).map((x) => [x.name, x.value])),
        secrets: Object.fromEntries((p.secretProperties ?? []).map((x) => [x.name, ''])),
      }
    }
    form.setFieldsValue(v)
  }, [query.data, form])

  if (query.isPending) return <Spin />
  if (query.isError) return <Typography.Text type="danger">{t('loadFailed')}</Typography.Text>

  const submit = async (values: FormValues) => {
    const body = providers.map((p) => ({
      name: p.name,
      enabled: Boolean(values[p.name]?.enabled),
      properties: (p.properties ?? []).map((x) => ({ name: x.name, value: (values[p.name]?.properties?.[x.name] ?? '').trim() })),
      secretProperties: (p.secretProperties ?? []).map((x) => ({ name: x.name, value: values[p.name]?.secrets?.[x.name] ?? '' })),
    }))
    try {
      await save.mutateAsync(body)
      message.success(t('saved'))
    } catch (e) {
      const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
      message.error(errorToMessage(failed, tApp).message)
    }
  }

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '200px' }} onFinish={submit} style={{ maxWidth: 760 }} data-testid="settings-externalProviders-form">
      <Flex vertical gap={12}>
        {providers.map((p) => (
          <Card key={p.name} size="small" title={t(`provider.${p.name}`, { defaultValue: p.name })}>
            <Form.Item name={[p.name, 'enabled']} label={t('field.externalProviders.enabled')} valuePropName="checked">
              <Switch data-testid={`settings-provider-${p.name}-enabled`} />
            </Form.Item>
            {(p.properties ?? []).map((x) => (
              <Form.Item key={x.name} name={[p.name, 'properties', x.name]} label={t(`property.${x.name}`, { defaultValue: x.name })} rules={[{ max: 512 }]}>
                <Input allowClear data-testid={`settings-provider-${p.name}-${x.name}`} />
              </Form.Item>
            ))}
            {(p.secretProperties ?? []).map((x) => (
              <Form.Item key={x.name} name={[p.name, 'secrets', x.name]} label={t(`property.${x.name}`, { defaultValue: x.name })} rules={[{ max: 512 }]}>
                <Input.Password
                  autoComplete="new-password"
                  placeholder={x.isSet ? t('secretSet') : t('secretNotSet')}
                  data-testid={`settings-provider-${p.name}-${x.name}`}
                />
              </Form.Item>
            ))}
          </Card>
        ))}
        <div>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-externalProviders-save">
            {t('save')}
          </Button>
        </div>
      </Flex>
    </Form>
  )
}
