import { useEffect } from 'react'
import { Alert, App, Button, Form, Input, Modal, Space, Spin } from 'antd'
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage, validationErrorsByField } from '../../components'
import { connectionStringsQuery, useConnectionStringMutations } from './api'
import { fieldOf, nameProblems, toForm, toInput, type FormValues } from './form'

export interface ConnectionStringsModalProps {
  tenantId: string
  tenantName: string
  open: boolean
  onClose: () => void
}

/**
 * A tenant's connection strings (host only): the Default, which every tenant-scoped row follows
 * once the migrations are applied, and named others; save, then "apply database migrations"
 * migrates the Default database and moves the tenant's data there (once).
 */
export function ConnectionStringsModal({ tenantId, tenantName, open, onClose }: ConnectionStringsModalProps) {
  const { t } = useTranslation('tenant-databases')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const [form] = Form.useForm<FormValues>()
  const query = useQuery({ ...connectionStringsQuery(tenantId), enabled: open })
  const { save, apply } = useConnectionStringMutations(tenantId)
  const active = query.data?.active ?? false

  useEffect(() => {
    if (open && query.data) form.setFieldsValue(toForm(query.data))
  }, [open, query.data, form])

  const showError = (e: unknown) => {
    const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
    message.error(errorToMessage(failed, tApp).message)
  }

  const submit = async () => {
    const values = form.getFieldsValue(true) as FormValues
    const problems = nameProblems(values)
    const rows = Object.entries(problems)
    if (rows.length) {
      form.setFields(rows.map(([i, key]) => ({ name: ['databases', Number(i), 'databaseName'], errors: [t(key)] })))
      return
    }
    try {
      await save.mutateAsync(toInput(values))
      message.success(t('saved'))
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const known = Object.entries(byField).flatMap(([m, msg]) => {
        const name = fieldOf(m)
        return name ? [{ name, errors: [msg] }] : []
      })
      // fieldOf answers only names of this form (form.ts), which the path type cannot prove.
      if (known.length) form.setFields(known as Parameters<typeof form.setFields>[0])
      else showError(e)
    }
  }

  const runApply = () => {
    modal.confirm({
      title: t('tips'),
      content: t('applyConfirm', { name: tenantName }),
      onOk: async () => {
        try {
          const r = await apply.mutateAsync()
          message.success(r.movedRows > 0 ? t('applied', { rows: r.movedRows, tables: r.movedTables }) : t('appliedOnly'))
        } catch {
          // the client has shown the server's message
        }
      },
    })
  }

  const stored = query.data?.default ?? ''
  return (
    <Modal
      open={open}
      title={t('title', { name: tenantName })}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      footer={[
        <Button key="cancel" onClick={onClose}>
          {tApp('common.cancel')}
        </Button>,
        <Button
          key="apply"
          onClick={runApply}
          loading={apply.isPending}
          disabled={!stored || apply.isPending || save.isPending}
          title={stored ? undefined : t('saveFirst')}
          data-testid="tenant-db-apply"
        >
          {t('apply')}
        </Button>,
        <Button key="save" type="primary" onClick={() => void submit()} loading={save.isPending} disabled={save.isPending} data-testid="tenant-db-save">
          {tApp('common.save')}
        </Button>,
      ]}
    >
      <Spin spinning={query.isLoading || apply.isPending} tip={apply.isPending ? t('applying') : undefined}>
        {query.isError ? (
          <Alert type="error" showIcon message={errorToMessage({ status: undefined }, tApp).message} />
        ) : (
          <Form form={form} layout="vertical" initialValues={{ default: '', databases: [] }}>
            {active && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('activeHelp')} />}
            <Form.Item name="default" label={t('default')} extra={t('defaultHelp')}>
              <Input disabled={active} placeholder="sqlite://tenants/name.db" data-testid="tenant-db-default" />
            </Form.Item>
            <Form.Item label={t('databases')}>
              <Form.List name="databases">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((f) => (
                      <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                        <Form.Item name={[f.name, 'databaseName']} style={{ width: 180 }}>
                          <Input placeholder={t('databaseName')} aria-label={t('databaseName')} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'connectionString']} style={{ width: 420 }}>
                          <Input placeholder={t('connectionString')} aria-label={t('connectionString')} />
                        </Form.Item>
                        <MinusCircleOutlined aria-label={t('remove')} onClick={() => remove(f.name)} />
                      </Space>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ databaseName: '', connectionString: '' })}>
                      {t('add')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Form.Item>
          </Form>
        )}
      </Spin>
    </Modal>
  )
}
