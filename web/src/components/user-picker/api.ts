import { queryOptions } from '@tanstack/react-query'
import { http } from '../../api/http'
import { listParams, toPage, type ListRequest, type Page } from '../data-table'
import type { ListResult, Schemas } from '../../api/types'

/** A user as any logged-in user may find one (GET /api/identity/users/lookup/search). */
export type UserLookup = Schemas['IdentityUserLookup']

/** Query keys of the user picker (under ['identity', 'users'], so a change to users refreshes it). */
export const userPickerKeys = {
  all: ['identity', 'users', 'lookup'] as const,
  search: (q: ListRequest) => ['identity', 'users', 'lookup', q] as const,
}

/** One page of the tenant's users, searched (user name, name, surname, e-mail, phone) and sorted on the server. */
export async function searchUsers(q: ListRequest, signal?: AbortSignal): Promise<Page<UserLookup>> {
  const r = await http.get<ListResult<UserLookup>>('/api/identity/users/lookup/search', { params: listParams(q), signal })
  return toPage(r)
}

export const userSearchQuery = (q: ListRequest) =>
  queryOptions({ queryKey: userPickerKeys.search(q), queryFn: ({ signal }) => searchUsers(q, signal) })

/** How a user is named in the picker's tags: "name surname (userName)", or the user name alone. */
export function userLabel(u: Pick<UserLookup, 'userName' | 'name' | 'surname'>): string {
  const full = [u.name, u.surname].map((s) => (s ?? '').trim()).filter(Boolean).join(' ')
  return full && full !== u.userName ? `${full} (${u.userName})` : u.userName
}
