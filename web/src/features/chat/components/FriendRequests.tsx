import { Avatar, Button, Collapse, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFriendRequests } from '../api'
import { useAnswerRequest } from './useAnswerRequest'
import { initialOf } from '../format'

/** The friend requests waiting for the caller; nothing when there are none. */
export function FriendRequests() {
  const { t } = useTranslation('chat')
  const requests = useFriendRequests()
  const answer = useAnswerRequest()
  const items = requests.data ?? []
  if (items.length === 0) return null
  return (
    <Collapse
      size="small"
      defaultActiveKey={['requests']}
      data-testid="friend-requests"
      items={[
        {
          key: 'requests',
          label: `${t('requests')} (${items.length})`,
          children: (
            <Flex vertical gap={8}>
              {items.map((r) => (
                <Flex key={r.requestId} gap={8} align="center" data-testid="friend-request" data-from={r.fromUserId}>
                  <Avatar size="small">{initialOf(r.fromUserName)}</Avatar>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Typography.Text ellipsis style={{ display: 'block' }}>
                      {r.fromUserName}
                    </Typography.Text>
                    {r.remarkName ? (
                      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, display: 'block' }}>
                        {t('remark', { remark: r.remarkName })}
                      </Typography.Text>
                    ) : null}
                  </div>
                  <Button size="small" type="primary" disabled={answer.busy} onClick={() => void answer.accept(r).catch(() => undefined)} data-testid="friend-request-accept">
                    {t('accept')}
                  </Button>
                  <Button size="small" disabled={answer.busy} onClick={() => void answer.refuse(r).catch(() => undefined)} data-testid="friend-request-refuse">
                    {t('refuse')}
                  </Button>
                </Flex>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  )
}
