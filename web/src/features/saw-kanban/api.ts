import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http, toPage } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** A finished run (the kanban's run picker). */
export type Run = Schemas['OptimizationRun']
/** One board of a run on the saw kanban. */
export type Board = Schemas['OptimizationRunBoard']
/** One saw channel with its boards in cutting order. */
export type Channel = Schemas['OptimizationChannel']
/** A board's kanban state: 0 waiting, 1 cutting, 2 done. */
export type BoardState = Board['state']

const BASE = '/api/optimization/import-files'
const enc = encodeURIComponent
/** The kanban reads its boards again this often (ms). */
export const REFRESH_MS = 10_000

export const kanbanKeys = {
  all: ['saw-kanban'] as const,
  runs: ['saw-kanban', 'runs'] as const,
  channels: (runId: string) => ['saw-kanban', 'channels', runId] as const,
}

/** The finished runs, newest first (the first is the default). */
export const finishedRunsQuery = () =>
  queryOptions({
    queryKey: kanbanKeys.runs,
    queryFn: async ({ signal }): Promise<Run[]> =>
      toPage(
        await http.get<ListResult<Run>>(`${BASE}/solutions`, {
          params: { status: 2, sorting: 'creationTime desc', maxResultCount: 100 },
          signal,
        }),
      ).items,
    refetchInterval: REFRESH_MS,
  })

/** A run's boards by channel, read again every 10 s. */
export const channelsQuery = (runId: string | undefined) =>
  queryOptions({
    queryKey: kanbanKeys.channels(runId ?? ''),
    queryFn: async ({ signal }): Promise<Channel[]> =>
      (await http.get<{ items: Channel[] | null }>(`${BASE}/${enc(runId ?? '')}/channels`, { signal })).items ?? [],
    enabled: !!runId,
    refetchInterval: REFRESH_MS,
  })

/** Moves a board one column; the channels are read again afterwards. */
export function useMoveBoard(runId: string | undefined) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ boardId, state }: { boardId: string; state: BoardState }) =>
      http.put<Board>(`${BASE}/${enc(runId ?? '')}/channels/${enc(boardId)}`, { state }, { silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: kanbanKeys.channels(runId ?? '') }),
  })
}
