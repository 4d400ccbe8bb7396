import { queryOptions, type QueryClient } from '@tanstack/react-query'
// http through the components index, as the features take it: importing api/http directly here made the
// bundler split the shell into more chunks (379.4 KB gzip instead of 377.5 KB).
import { http } from '..'
import type { ListResult } from '../../api/types'
import type { BindingInfo, Plan } from './types'

/** The calls of the design platform (docs/decisions/0012-design-review.md, "As built"). */
export const HOME_DESIGN_PATH = '/api/app/home-design'

/** Plans fetched at once (spec 001 §2, §9: the picker fetches up to 999). */
export const PLANS_FETCHED = 999
/** Plans a page of the picker shows (spec 001 §2). */
export const PLANS_PER_PAGE = 8
/** Longest account name the server takes. */
export const ACCOUNT_MAX_LENGTH = 64

/** Query keys of the design platform, under ['home-design', …] (the viewer's design too). */
export const homeDesignKeys = {
  all: ['home-design'] as const,
  binding: ['home-design', 'binding'] as const,
  plans: (keyword: string) => ['home-design', 'plans', keyword] as const,
  design: (planId: string) => ['home-design', 'design', planId] as const,
}

export const bindingQuery = () =>
  queryOptions({
    queryKey: homeDesignKeys.binding,
    queryFn: ({ signal }) => http.get<BindingInfo>(`${HOME_DESIGN_PATH}/binding`, { signal }),
  })

/** Up to 999 plans of the caller's account whose name contains `keyword`; errors are the caller's to show. */
export const plansQuery = (keyword: string) =>
  queryOptions({
    queryKey: homeDesignKeys.plans(keyword),
    queryFn: async ({ signal }) => {
      const r = await http.get<ListResult<Plan>>(`${HOME_DESIGN_PATH}/plans`, {
        params: { num: PLANS_FETCHED, start: 0, keyword: keyword.trim() || undefined },
        signal,
        silent: true,
      })
      return { items: r.items ?? [], totalCount: r.totalCount ?? r.items?.length ?? 0 }
    },
  })

export type BindingAction = 'bind' | 'change' | 'unbind'

/** POST …/bind|change {account} or …/unbind (204). */
export function saveBinding(action: BindingAction, account?: string): Promise<unknown> {
  return http.post<unknown>(`${HOME_DESIGN_PATH}/${action}`, action === 'unbind' ? undefined : { account: account?.trim() })
}

/** After a binding changed: the binding and every plan list are read again. */
export function invalidateBinding(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: homeDesignKeys.binding }),
    qc.invalidateQueries({ queryKey: ['home-design', 'plans'] }),
  ])
}
