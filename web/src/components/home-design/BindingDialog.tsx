import { useEffect, useState } from 'react'
import { Alert, App, Button, Descriptions, Form, Input, Modal, Spin } from 'antd'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useHomeDesignT } from './texts'
import { ACCOUNT_MAX_LENGTH, bindingQuery, invalidateBinding, saveBinding, type BindingAction } from './api'

export interface BindingDialogProps {
  open: boolean
  onClose: () => void
  /** Called after a bind, change or unbind succeeded (the dialog then closes). */
  onSaved?: (action: BindingAction) => void
}

/**
 * The caller's design platform account (user menu → 设计平台账号): shows the binding, binds,
 * changes (account required, at most 64 characters) or unbinds it after a confirmation.
 */
export function BindingDialog({ open, onClose, onSaved }: BindingDialogProps) {
  const { t } = useHomeDesignT()
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const [form] = Form.useForm<{ account: string }>()
  const binding = useQuery({ ...bindingQuery(), enabled: open })
  const bound = !!binding.data?.bound
  const [pending, setPending] = useState<BindingAction | null>(null)

  useEffect(() => {
    if (open) form.resetFields()
  }, [open, form])

  const save = useMutation({
    mutationFn: ({ action, account }: { action: BindingAction; account?: string }) => saveBinding(action, account),
    onSuccess: async (_, { action }) => {
      await invalidateBinding(qc)
      message.success(t(action === 'bind' ? 'binding.bound' : action === 'change' ? 'binding.changed' : 'binding.unbound'))
      onSaved?.(action)
      onClose()
    },
    onSettled: () => setPending(null),
  })

  const submit = async (action: 'bind' | 'change') => {
    let account: string
    try {
      account = (await form.validateFields()).account
    } catch {
      return
    }
    setPending(action)
    save.mutate({ action, account })
  }

  const unbind = () =>
    modal.confirm({
      title: t('tips'),
      content: t('binding.confirmUnbind', { account: binding.data?.account ?? '' }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: () => {
        setPending('unbind')
        save.mutate({ action: 'unbind' })
      },
    })

  const provider = binding.data?.provider ?? ''
  return (
    <Modal
      open={open}
      title={t('binding.title')}
      onCancel={onClose}
      destroyOnHidden
      data-testid="home-design-binding-dialog"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
        ...(bound
          ? [
              <Button key="unbind" danger loading={pending === 'unbind'} disabled={!!pending && pending !== 'unbind'} onClick={unbind}>
                {t('binding.unbind')}
              </Button>,
              <Button key="change" type="primary" loading={pending === 'change'} disabled={!!pending && pending !== 'change'} onClick={() => void submit('change')}>
                {t('binding.change')}
              </Button>,
            ]
          : [
              <Button key="bind" type="primary" loading={pending === 'bind'} disabled={binding.isLoading || binding.isError} onClick={() => void submit('bind')}>
                {t('binding.bind')}
              </Button>,
            ]),
      ]}
    >
      {binding.isLoading ? (
        <Spin />
      ) : binding.isError ? (
        <Alert
          type="error"
          showIcon
          title={binding.error.message || t('loadFailed')}
          action={
            <Button size="small" onClick={() => void binding.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('binding.provider')}>
              <span data-testid="binding-provider">{provider ? t(`binding.providers.${provider}`, { defaultValue: provider }) : '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('binding.account')}>
              <span data-testid="binding-account">{bound ? binding.data?.account : t('binding.notBound')}</span>
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" onFinish={() => void submit(bound ? 'change' : 'bind')}>
            <Form.Item
              name="account"
              label={bound ? t('binding.newAccount') : t('binding.account')}
              rules={[
                { required: true, whitespace: true, message: t('binding.accountRequired') },
                { max: ACCOUNT_MAX_LENGTH, message: t('binding.accountTooLong', { max: ACCOUNT_MAX_LENGTH }) },
              ]}
            >
              <Input autoFocus autoComplete="off" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  )
}
