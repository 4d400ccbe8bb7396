import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Permissions } from '../../api/gen/permissions'
import { useHub, useHubEvent } from '../../api/realtime'
import { usePermission } from '../../components'
import { progressQuery, runsKeys, type RunProgress } from './api'

/** The hub and method the server pushes a run's progress on, to the user who started it (decision 0015). */
export const PROGRESS_HUB = 'notifications'
export const PROGRESS_METHOD = 'optimization-progress'

/** Polling while the hub is connected: only a fallback, as the pushes move the bar. */
export const CONNECTED_POLL_MS = 5_000
/** Polling without the hub (no permission, not connected yet, connection lost). */
export const POLL_MS = 1_000

/**
 * The progress of runs `ids` (the progress call's answer), moved at once by the pushes of the
 * notifications hub (held with Notifications.PushMessages.Client): a pushed progress replaces that
 * run's entry in every progress query holding it. Polling stays as the fallback: every
 * {@link CONNECTED_POLL_MS} while the hub is connected, every {@link POLL_MS} otherwise.
 */
export function useRunProgress(ids: string[]) {
  const { has } = usePermission()
  const qc = useQueryClient()
  const enabled = has(Permissions['Notifications.PushMessages.Client'])
  const { status } = useHub(PROGRESS_HUB, enabled)
  useHubEvent(PROGRESS_HUB, PROGRESS_METHOD, (p: RunProgress) => {
    qc.setQueriesData<RunProgress[]>({ queryKey: [...runsKeys.all, 'progress'] }, (old) =>
      old?.some((x) => x.id === p.id) ? old.map((x) => (x.id === p.id ? p : x)) : old,
    )
  })
  return useQuery(progressQuery(ids, enabled && status === 'connected' ? CONNECTED_POLL_MS : POLL_MS))
}
