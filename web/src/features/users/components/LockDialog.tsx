import { useState } from 'react'
import { Alert, App, Button, DatePicker, Flex, Form, Modal, Space, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage, useWhenChanged } from '../../../components'
import { useUserMutations, type UserDto } from '../api'
import { UNLOCK_VALUE, displayName, isLocked, lockValue } from '../rules'

export interface LockDialogProps {
  user: UserDto | null
  onClose: () => void
}

/** Quick choices of how long to lock: [amount, unit, text key]. */
const PRESETS = [
  [1, 'hour', 'lock.preset.hour'],
  [1, 'day', 'lock.preset.day'],
  [7, 'day', 'lock.preset.week'],
  [30, 'day', 'lock.preset.month'],
] as const

/**
 * Lock a user until a date and time (they are signed out everywhere and cannot log in until
 * then), or unlock a locked user. Only a user with lockout enabled can be locked.
 */
export function LockDialog({ user, onClose }: LockDialogProps) {
  const { t } = useTranslation('users')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const { lock } = useUserMutations()
  const [until, setUntil] = useState<Dayjs | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const locked = user ? isLocked(user) : false

  useWhenChanged(user, (u) => {
    setUntil(u && isLocked(u) ? dayjs(u.lockoutEnd) : dayjs().add(1, 'day').startOf('minute'))
    setProblem(null)
  })

  const run = async (end: string, done: string) => {
    if (!user || lock.isPending) return
    try {
      await lock.mutateAsync({ id: user.id, end })
      message.success(done)
      onClose()
    } catch (e) {
      const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
      setProblem(errorToMessage(failed, tApp).message)
    }
  }

  const submit = () => {
    if (!user) return
    if (!until || !until.isAfter(dayjs())) {
      setProblem(t('lock.future'))
      return
    }
    void run(lockValue(until.toDate()), t('lock.done', { name: user.userName, until: until.format('YYYY-MM-DD HH:mm') }))
  }

  const name = user ? displayName(user) : ''
  return (
    <Modal
      open={!!user}
      title={t('lock.title', { name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <span>
            {locked ? (
              <Button danger={false} onClick={() => void run(UNLOCK_VALUE, t('lock.unlocked', { name: user?.userName }))} loading={lock.isPending} data-testid="user-unlock">
                {t('lock.unlock')}
              </Button>
            ) : null}
          </span>
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" danger onClick={submit} loading={lock.isPending} disabled={!user?.lockoutEnabled} data-testid="user-lock-save">
              {locked ? t('lock.change') : t('lock.lock')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <div data-testid="user-lock-dialog">
        {user && !user.lockoutEnabled ? <Alert type="warning" showIcon title={t('lock.notEnabled')} style={{ marginBottom: 12 }} /> : null}
        {locked ? (
          <Typography.Paragraph data-testid="user-lock-current">{t('lock.lockedUntil', { until: dayjs(user!.lockoutEnd).format('YYYY-MM-DD HH:mm') })}</Typography.Paragraph>
        ) : null}
        <Form layout="vertical" onFinish={submit}>
          <Form.Item label={t('lock.until')} validateStatus={problem ? 'error' : undefined} help={problem ?? t('lock.help')}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={until}
              disabled={!user?.lockoutEnabled}
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
              onChange={(v) => {
                setUntil(v)
                setProblem(null)
              }}
              style={{ width: '100%' }}
              data-testid="user-lock-until"
            />
          </Form.Item>
          <Space wrap>
            {PRESETS.map(([n, unit, key]) => (
              <Button key={key} size="small" disabled={!user?.lockoutEnabled} onClick={() => setUntil(dayjs().add(n, unit).startOf('minute'))} data-testid={`user-lock-${key.split('.').pop()}`}>
                {t(key)}
              </Button>
            ))}
          </Space>
        </Form>
      </div>
    </Modal>
  )
}
