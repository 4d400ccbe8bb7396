import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { http, listParams, toPage, type ListRequest, type Page } from '../../components'
import type { ListResult, Schemas } from '../../api/types'

/** A message of the development mailbox (the list answers it without its bodies). */
export type Mail = Schemas['EmailMail']

const BASE = '/api/setting-management/emailing/mailbox'

/** Query keys of the mailbox. */
export const mailboxKeys = {
  all: ['mailbox'] as const,
  list: (q: ListRequest) => ['mailbox', 'list', q] as const,
  one: (id: string) => ['mailbox', 'one', id] as const,
}

export async function fetchMailbox(q: ListRequest, signal?: AbortSignal): Promise<Page<Mail>> {
  return toPage(await http.get<ListResult<Mail>>(BASE, { params: listParams(q), signal }))
}

export const mailboxQuery = (q: ListRequest) =>
  queryOptions({ queryKey: mailboxKeys.list(q), queryFn: ({ signal }) => fetchMailbox(q, signal), placeholderData: keepPreviousData })

export const mailQuery = (id: string) =>
  queryOptions({ queryKey: mailboxKeys.one(id), queryFn: ({ signal }) => http.get<Mail>(`${BASE}/${encodeURIComponent(id)}`, { signal }) })
