import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '../../api/http'
import { itemsOf, type Claim, type ClaimType } from './claims'

/** Whose claims: a user's (/api/identity/users/…) or a role's (/api/identity/roles/…). */
export type ClaimOwner = 'users' | 'roles'

const base = (owner: ClaimOwner) => `/api/identity/${owner}`

/** Query keys of the claims editor. */
export const claimKeys = {
  all: ['identity', 'claims'] as const,
  of: (owner: ClaimOwner, id: string) => ['identity', 'claims', owner, id] as const,
  types: (owner: ClaimOwner) => ['identity', 'claims', owner, 'all-claim-types'] as const,
}

/** The claims of one user or role (GET …/{id}/claims). */
export const claimsQuery = (owner: ClaimOwner, id: string) =>
  queryOptions({
    queryKey: claimKeys.of(owner, id),
    queryFn: async ({ signal }) =>
      itemsOf(await http.get<Claim[] | { items?: Claim[] | null }>(`${base(owner)}/${encodeURIComponent(id)}/claims`, { signal })),
    staleTime: 0,
  })

/** Every claim type of the tenant (GET …/all-claim-types), sorted by name. */
export const claimTypesQuery = (owner: ClaimOwner) =>
  queryOptions({
    queryKey: claimKeys.types(owner),
    queryFn: async ({ signal }) =>
      itemsOf(await http.get<ClaimType[] | { items?: ClaimType[] | null }>(`${base(owner)}/all-claim-types`, { signal })).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
  })

/** Replaces every claim of one user or role (PUT …/{id}/claims with the whole list). */
export function saveClaims(owner: ClaimOwner, id: string, claims: Claim[]) {
  return http.put<void>(`${base(owner)}/${encodeURIComponent(id)}/claims`, claims, { silent: true })
}

export function useSaveClaims(owner: ClaimOwner) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, claims }: { id: string; claims: Claim[] }) => saveClaims(owner, id, claims),
    onSuccess: (_r, { id }) => qc.invalidateQueries({ queryKey: claimKeys.of(owner, id) }),
  })
}
