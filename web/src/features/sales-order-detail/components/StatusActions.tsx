import { useState } from 'react'
import { App, Button, Input, Modal, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { STATUS_ACTIONS, type StatusAction } from '../types'

/** The moves to show: those the server allows the caller now, in the order of the workflow. */
export function shownActions(allowed: readonly string[] | null | undefined): StatusAction[] {
  const set = new Set(allowed ?? [])
  return STATUS_ACTIONS.filter((a) => set.has(a))
}

export interface StatusActionsProps {
  allowed: readonly string[] | null | undefined
  /** Makes the move; resolves when done (true) or refused (false). */
  onMove: (action: StatusAction, comment?: string) => Promise<boolean>
  disabled?: boolean
}

/**
 * The order's status buttons (docs/decisions/0011, "Statuses and who moves them"): only the moves
 * the server lists in `allowedActions`. Cancelling asks first; sending back asks for a comment.
 */
export function StatusActions({ allowed, onMove, disabled }: StatusActionsProps) {
  const { t } = useTranslation('sales-order-detail')
  const { modal } = App.useApp()
  const [running, setRunning] = useState<StatusAction | null>(null)
  const [sendingBack, setSendingBack] = useState(false)
  const [comment, setComment] = useState('')
  const actions = shownActions(allowed)

  const move = async (a: StatusAction, c?: string) => {
    setRunning(a)
    try {
      return await onMove(a, c)
    } finally {
      setRunning(null)
    }
  }

  const click = (a: StatusAction) => {
    if (a === 'cancel')
      modal.confirm({
        type: 'warning',
        title: t('tips'),
        content: t('status.confirmCancel'),
        okText: t('confirm'),
        okButtonProps: { danger: true },
        cancelText: t('cancel'),
        onOk: () => move(a),
      })
    else if (a === 'sendBack') {
      setComment('')
      setSendingBack(true)
    } else void move(a)
  }

  if (!actions.length) return null
  return (
    <>
      <Space wrap data-testid="status-actions">
        {actions.map((a) => (
          <Button
            key={a}
            type={a === 'cancel' ? 'default' : 'primary'}
            danger={a === 'cancel' || a === 'sendBack'}
            ghost={a === 'sendBack'}
            loading={running === a}
            disabled={disabled || (running !== null && running !== a)}
            onClick={() => click(a)}
            data-testid={`status-${a}`}
          >
            {t(`status.action.${a}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={sendingBack}
        title={t('status.action.sendBack')}
        okText={t('confirm')}
        cancelText={t('cancel')}
        confirmLoading={running === 'sendBack'}
        onCancel={() => setSendingBack(false)}
        onOk={async () => {
          if (await move('sendBack', comment)) setSendingBack(false)
        }}
        destroyOnHidden
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={t('status.commentPlaceholder')}
          data-testid="status-comment"
        />
      </Modal>
    </>
  )
}
