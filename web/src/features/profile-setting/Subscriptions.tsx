import { Alert, App, Button, Empty, Flex, Skeleton, Switch, Typography } from 'antd'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, Permissions, errorToMessage, http } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** Who has notifications to subscribe to (spec 000 §6). */
export const NOTIFICATIONS_CLIENT = Permissions['Notifications.PushMessages.Client']

/** A notification kind a user may subscribe to (GET /api/my-notifilers/assignables). */
export type Assignable = Schemas['NotificationsAssignable']
/** A kind the caller receives (GET /api/my-subscribes/all). */
type Subscription = Schemas['NotificationsSubscription']

export const subscriptionKeys = {
  assignables: ['my-subscribes', 'assignables'] as const,
  mine: ['my-subscribes', 'all'] as const,
}

const fetchAssignables = async (signal?: AbortSignal) =>
  (await http.get<ListResult<Assignable>>('/api/my-notifilers/assignables', { signal }))?.items ?? []
const fetchSubscribed = async (signal?: AbortSignal) =>
  new Set(((await http.get<ListResult<Subscription>>('/api/my-subscribes/all', { signal }))?.items ?? []).map((s) => s.name))

/**
 * The notification kinds the user may receive (decision 0015 "Notifications"), a switch each:
 * on while subscribed (every kind is, until the user switches it off).
 */
export function Subscriptions() {
  const { t } = useTranslation('profile-setting')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const assignables = useQuery({ queryKey: subscriptionKeys.assignables, queryFn: ({ signal }) => fetchAssignables(signal) })
  const subscribed = useQuery({ queryKey: subscriptionKeys.mine, queryFn: ({ signal }) => fetchSubscribed(signal) })
  const toggle = useMutation({
    mutationFn: ({ name, on }: { name: string; on: boolean }) =>
      on
        ? http.post<void>('/api/my-subscribes', { name }, { silent: true })
        : http.delete<void>('/api/my-subscribes', { params: { name }, silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: subscriptionKeys.mine }),
  })

  if (assignables.isPending || subscribed.isPending) return <Skeleton active />
  if (assignables.isError || subscribed.isError)
    return (
      <Alert
        type="error"
        title={t('subscriptions.loadFailed')}
        data-testid="subscriptions-error"
        action={
          <Button
            onClick={() => {
              void assignables.refetch()
              void subscribed.refetch()
            }}
          >
            {tApp('common.retry')}
          </Button>
        }
      />
    )

  const change = async (a: Assignable, on: boolean) => {
    try {
      await toggle.mutateAsync({ name: a.name, on })
      message.success(on ? t('subscriptions.on', { name: a.displayName }) : t('subscriptions.off', { name: a.displayName }))
    } catch (e) {
      const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
      message.error(`${t('subscriptions.failed')}: ${errorToMessage(failed, tApp).message}`)
    }
  }

  return (
    <div style={{ maxWidth: 640 }} data-testid="subscriptions">
      <Typography.Paragraph type="secondary">{t('subscriptions.hint')}</Typography.Paragraph>
      {assignables.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('subscriptions.empty')} />
      ) : (
        assignables.data.map((a) => (
          <Flex
            key={a.name}
            justify="space-between"
            align="center"
            gap={16}
            style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
            data-testid="subscription"
            data-name={a.name}
          >
            <div>
              <Typography.Text strong>{a.displayName}</Typography.Text>
              {a.description ? (
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {a.description}
                </Typography.Paragraph>
              ) : null}
            </div>
            <Switch
              checked={subscribed.data.has(a.name)}
              loading={toggle.isPending && toggle.variables?.name === a.name}
              onChange={(on) => void change(a, on)}
              aria-label={a.displayName}
              data-testid="subscription-switch"
            />
          </Flex>
        ))
      )}
    </div>
  )
}
