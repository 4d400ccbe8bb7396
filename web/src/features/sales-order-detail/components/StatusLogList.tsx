import { Alert, Button, Empty, Spin, Timeline, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { statusLogsQuery } from '../api'
import { useStatusLabel } from '../../../components/order-status'

/** The order's status moves, oldest first: who, when, from which status to which, and the comment. */
export function StatusLogList({ orderId }: { orderId: string }) {
  const { t } = useTranslation('sales-order-detail')
  const label = useStatusLabel()
  const logs = useQuery(statusLogsQuery(orderId))
  if (logs.isPending) return <Spin size="small" />
  if (logs.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={
          <Button size="small" onClick={() => void logs.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    )
  if (!logs.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('log.empty')} />
  return (
    <Timeline
      data-testid="status-log"
      items={logs.data.map((l, i) => ({
        key: l.id ?? i,
        content: (
          <div data-testid="status-log-entry" data-action={l.action}>
            <Typography.Text strong>{t(`status.action.${l.action}`, { defaultValue: l.action })}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {label(l.fromStatus)} → {label(l.toStatus)}
            </Typography.Text>
            <div style={{ fontSize: 12 }}>
              <Typography.Text type="secondary">
                {l.userName ?? ''} · {dayjs(l.creationTime).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
            </div>
            {l.comment ? <div>{l.comment}</div> : null}
          </div>
        ),
      }))}
    />
  )
}
