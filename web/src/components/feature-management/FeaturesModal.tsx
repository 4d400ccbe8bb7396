import { useEffect } from 'react'
import { App, Button, Divider, Empty, Form, Input, InputNumber, Modal, Space, Spin, Switch, Tag, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { errorToMessage } from '../../api/errors'
import { featureKind, featuresQuery, toFormValues, toUpdate, useFeatureMutations, type Feature, type FeatureFormValues, type FeatureProvider } from './api'
import { useFeaturesT } from './texts'

export interface FeaturesModalProps {
  /** E: an edition's features; T: a tenant's. */
  providerName: FeatureProvider
  /** The edition's or tenant's id. */
  providerKey: string
  /** Shown in the title ("Features of …"). */
  name: string
  open: boolean
  onClose: () => void
}

const sourceColor: Record<string, string> = { T: 'blue', E: 'purple', D: 'default' }

/**
 * The features of an edition or a tenant (GET/PUT/DELETE /api/feature-management/features),
 * grouped as the server groups them: a switch for an on/off feature, a whole number within
 * its bounds, a text; where each value comes from; "reset to defaults" drops the values set
 * here after a Tips confirmation. Host only (the calls need FeatureManagement.ManageHostFeatures).
 */
export function FeaturesModal({ providerName, providerKey, name, open, onClose }: FeaturesModalProps) {
  const { t } = useFeaturesT()
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const [form] = Form.useForm<FeatureFormValues>()
  const query = useQuery({ ...featuresQuery(providerName, providerKey), enabled: open && !!providerKey })
  const { save, reset } = useFeatureMutations(providerName, providerKey)
  const groups = query.data?.groups ?? []

  useEffect(() => {
    if (open && query.data) form.setFieldsValue(toFormValues(query.data.groups))
  }, [open, query.data, form])

  const fail = (e: unknown) => {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(errorToMessage(failed, tApp).message)
  }

  const submit = async () => {
    let values: FeatureFormValues
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    try {
      await save.mutateAsync(toUpdate(groups, { ...form.getFieldsValue(true), ...values }))
      message.success(t('saved'))
      onClose()
    } catch (e) {
      fail(e)
    }
  }

  const confirmReset = () =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmReset', { name }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await reset.mutateAsync()
          message.success(t('resetDone'))
        } catch (e) {
          fail(e)
        }
      },
    })

  const field = (f: Feature) => {
    const kind = featureKind(f)
    const v = f.valueType?.validator
    const label = (
      <Space size={6}>
        <span>{f.displayName}</span>
        <Tag color={sourceColor[f.provider?.name] ?? 'default'} data-testid="feature-source">
          {t(`source.${f.provider?.name ?? 'D'}`, { defaultValue: f.provider?.name })}
        </Tag>
      </Space>
    )
    const common = {
      key: f.name,
      name: f.name,
      label,
      extra: f.description || undefined,
      style: f.depth ? { marginLeft: f.depth * 24 } : undefined,
      'data-testid': 'feature-item',
      'data-feature': f.name,
    }
    if (kind === 'bool') {
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch data-testid={`feature-${f.name}`} />
        </Form.Item>
      )
    }
    if (kind === 'number') {
      return (
        <Form.Item
          {...common}
          rules={[
            { required: true, message: t('required') },
            { type: 'number', min: v?.minValue, max: v?.maxValue, message: t('range', { min: v?.minValue, max: v?.maxValue }) },
          ]}
        >
          <InputNumber min={v?.minValue} max={v?.maxValue} precision={0} style={{ width: 200 }} data-testid={`feature-${f.name}`} />
        </Form.Item>
      )
    }
    return (
      <Form.Item {...common} rules={v?.maxLength ? [{ max: v.maxLength, message: t('max', { max: v.maxLength }) }] : []}>
        <Input data-testid={`feature-${f.name}`} />
      </Form.Item>
    )
  }

  return (
    <Modal
      open={open}
      width={720}
      title={t('titleOf', { name })}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      footer={[
        <Button key="reset" danger onClick={confirmReset} loading={reset.isPending} data-testid="features-reset" style={{ float: 'left' }}>
          {t('reset')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} disabled={save.isPending || !query.data} onClick={() => void submit()} data-testid="features-save">
          {t('save')}
        </Button>,
      ]}
    >
      {query.isLoading ? (
        <Spin />
      ) : query.isError ? (
        <Typography.Text type="danger">{errorToMessage({ status: (query.error as HttpError)?.status, data: (query.error as HttpError)?.data }, tApp).message}</Typography.Text>
      ) : groups.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <Form form={form} layout="vertical" data-testid="features-form" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
          {groups.map((g) => (
            <div key={g.name} data-testid="feature-group">
              <Divider titlePlacement="start">{g.displayName}</Divider>
              {(g.features ?? []).map(field)}
            </div>
          ))}
        </Form>
      )}
    </Modal>
  )
}
