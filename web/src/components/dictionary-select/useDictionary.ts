import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '../../api/http'
import type { Schemas } from '../../api/types'

/** One choice of a data dictionary (GET /api/datadictionary/details/{code}). */
export type DictionaryDetail = Schemas['DatadictionaryDetail']

/**
 * Query keys of the data dictionaries. Every key starts with `dictionaryKeys.all`, which the
 * data-dictionary screens invalidate after each change, so every select shows the change.
 */
export const dictionaryKeys = {
  all: ['datadictionary'] as const,
  choices: (code: string) => ['datadictionary', 'choices', code.toLowerCase()] as const,
}

/** The enabled details of the dictionary `code`, in order (the server caches them per replica). */
export function dictionaryChoicesQuery(code: string) {
  return queryOptions({
    queryKey: dictionaryKeys.choices(code),
    queryFn: async ({ signal }) =>
      (await http.get<{ items?: DictionaryDetail[] | null }>(`/api/datadictionary/details/${encodeURIComponent(code)}`, { silent: true, signal })).items ?? [],
    staleTime: 60_000,
    enabled: !!code,
  })
}

export interface DictionaryChoices {
  /** The enabled details, in order (empty while loading or after a failure). */
  details: DictionaryDetail[]
  /** The dictionary's default detail, if it has one. */
  defaultDetail: DictionaryDetail | undefined
  isPending: boolean
  isError: boolean
  refetch: () => void
}

/** The choices of a data dictionary by code, and its default. */
export function useDictionary(code: string): DictionaryChoices {
  const q = useQuery(dictionaryChoicesQuery(code))
  const details = q.data ?? []
  return {
    details,
    defaultDetail: details.find((d) => d.isDefault),
    isPending: q.isPending && !!code,
    isError: q.isError,
    refetch: () => void q.refetch(),
  }
}
