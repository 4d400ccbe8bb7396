import { useState } from 'react'
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Tag, Timeline, Tooltip, Typography } from 'antd'
import { ArrowRightOutlined, ReloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { PageContainer } from '../../components'
import { UserPicker, userLabel, type UserLookup } from '../../components/user-picker'
import { userHistoryQuery } from './api'
import { historyEntries, kindColor, type HistoryEntry, type Shown } from './history'

function Value({ value, testId }: { value: Shown; testId: string }) {
  const { t } = useTranslation('user-history')
  if (value.text === null)
    return (
      <Typography.Text type="secondary" italic data-testid={testId}>
        {t('noValue')}
      </Typography.Text>
    )
  return (
    <Typography.Text code style={{ wordBreak: 'break-word' }} data-testid={testId}>
      {value.text}
      {value.cut ? <Tooltip title={t('cut')}> ✂</Tooltip> : null}
    </Typography.Text>
  )
}

function Entry({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('user-history')
  return (
    <div data-testid="history-entry" data-kind={entry.kind}>
      <Flex gap={8} align="center" wrap>
        <Tag color={kindColor(entry.kind)} style={{ marginInlineEnd: 0 }} data-testid="history-kind">
          {t(`kind.${entry.kind}`)}
        </Tag>
        <Typography.Text strong data-testid="history-who">
          {entry.userName ?? t('system')}
        </Typography.Text>
        <Tooltip title={dayjs(entry.time).format('YYYY-MM-DD HH:mm:ss')}>
          <Typography.Text type="secondary" data-testid="history-time">
            {dayjs(entry.time).format('YYYY-MM-DD HH:mm:ss')}
          </Typography.Text>
        </Tooltip>
      </Flex>
      {entry.lines.length ? (
        <div style={{ marginTop: 6 }}>
          {entry.lines.map((l) => (
            <div key={l.property} style={{ padding: '2px 0' }} data-testid="history-line">
              <Typography.Text type="secondary" data-testid="history-property">
                {l.property}
              </Typography.Text>
              {': '}
              {entry.kind === 'created' ? (
                <Value value={l.to} testId="history-to" />
              ) : entry.kind === 'deleted' ? (
                <Value value={l.from} testId="history-from" />
              ) : (
                <>
                  <Value value={l.from} testId="history-from" />
                  <ArrowRightOutlined style={{ margin: '0 6px', fontSize: 11, color: 'var(--ant-color-text-tertiary, #999)' }} />
                  <Value value={l.to} testId="history-to" />
                </>
              )}
            </div>
          ))}
        </div>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
          {t('noLines')}
        </Typography.Paragraph>
      )}
    </div>
  )
}

/** The timeline of one user's changes, with its loading, empty and error states. */
function UserTimeline({ user }: { user: UserLookup }) {
  const { t } = useTranslation('user-history')
  const history = useQuery(userHistoryQuery(user.id))
  const entries = historyEntries(history.data ?? [])
  let body
  if (history.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />
  else if (history.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={
          <Button size="small" onClick={() => void history.refetch()}>
            {t('retry')}
          </Button>
        }
        data-testid="history-error"
      />
    )
  else if (entries.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid="history-empty" />
  else body = <Timeline items={entries.map((e) => ({ key: e.id, color: kindColor(e.kind), content: <Entry entry={e} /> }))} data-testid="history-timeline" />
  return (
    <Card
      size="small"
      title={
        <span data-testid="history-user">
          {t('historyOf', { user: userLabel(user) })}
          {history.data ? <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>{` · ${t('count', { count: entries.length })}`}</Typography.Text> : null}
        </span>
      }
      extra={
        <Button size="small" icon={<ReloadOutlined />} loading={history.isFetching} onClick={() => void history.refetch()} data-testid="history-refresh">
          {t('refresh')}
        </Button>
      }
    >
      {body}
    </Card>
  )
}

/**
 * admin/auditing/index: pick a user and see every change made to that user (spec 002 §6, the
 * users' second auditing screen): who, when, and what went from which value to which.
 */
export function UserHistoryPage() {
  const { t } = useTranslation('user-history')
  const [user, setUser] = useState<UserLookup | null>(null)
  return (
    <PageContainer>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={11}>
          <Card size="small" title={t('pickUser')}>
            <UserPicker value={user ? [user] : []} onChange={(users) => setUser(users.at(-1) ?? null)} multiple={false} />
          </Card>
        </Col>
        <Col xs={24} lg={13}>
          {user ? (
            <UserTimeline key={user.id} user={user} />
          ) : (
            <Card size="small">
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickHint')} data-testid="history-pick-hint" />
            </Card>
          )}
        </Col>
      </Row>
    </PageContainer>
  )
}
