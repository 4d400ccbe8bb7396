import { queryOptions } from '@tanstack/react-query'
import { http } from '../../components'
import { HOME_DESIGN_PATH, homeDesignKeys } from '../../components/home-design'
import type { Design } from './types'

/** A plan's design (GET /api/app/home-design/plans/{planId}); errors are the caller's to show. */
export const designQuery = (planId: string) =>
  queryOptions({
    queryKey: homeDesignKeys.design(planId),
    queryFn: ({ signal }) => http.get<Design>(`${HOME_DESIGN_PATH}/plans/${encodeURIComponent(planId)}`, { signal, silent: true }),
  })
