import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '../../api/http'
import type { Schemas } from '../../api/types'

/** Whose values the dialog edits: an edition (E) or a tenant (T). */
export type FeatureProvider = 'E' | 'T'
export type FeatureGroup = Schemas['FeatureGroupDto']
export type Feature = Schemas['FeatureFeatureDto']
type FeatureList = Schemas['FeatureListResult']

const BASE = '/api/feature-management/features'
const params = (providerName: FeatureProvider, providerKey: string) => ({ providerName, providerKey })

export const featureKeys = {
  all: ['feature-management', 'features'] as const,
  of: (providerName: FeatureProvider, providerKey: string) => ['feature-management', 'features', providerName, providerKey] as const,
}

export const featuresQuery = (providerName: FeatureProvider, providerKey: string) =>
  queryOptions({
    queryKey: featureKeys.of(providerName, providerKey),
    queryFn: ({ signal }) => http.get<FeatureList>(BASE, { params: params(providerName, providerKey), signal }),
  })

/** How a feature is edited: a switch, a whole number within bounds, or a text. */
export type FeatureKind = 'bool' | 'number' | 'text'

export function featureKind(f: Pick<Feature, 'valueType'>): FeatureKind {
  if (f.valueType?.name === 'ToggleStringValueType' || f.valueType?.validator?.name === 'BOOLEAN') return 'bool'
  if (f.valueType?.validator?.name === 'NUMERIC') return 'number'
  return 'text'
}

export type FeatureFormValue = boolean | number | string | null
export type FeatureFormValues = Record<string, FeatureFormValue>

/** The form's values of the answered features: switches as booleans, numbers as numbers. */
export function toFormValues(groups: FeatureGroup[] | null | undefined): FeatureFormValues {
  const out: FeatureFormValues = {}
  for (const g of groups ?? []) {
    for (const f of g.features ?? []) {
      const kind = featureKind(f)
      if (kind === 'bool') out[f.name] = f.value === 'true'
      else if (kind === 'number') out[f.name] = f.value === '' || Number.isNaN(Number(f.value)) ? null : Number(f.value)
      else out[f.name] = f.value
    }
  }
  return out
}

/** The PUT body of the form's values: every feature of the groups, each value as the server stores it. */
export function toUpdate(groups: FeatureGroup[] | null | undefined, values: FeatureFormValues): Schemas['FeatureUpdateInput'] {
  const features: Schemas['FeatureNameValue'][] = []
  for (const g of groups ?? []) {
    for (const f of g.features ?? []) {
      if (!(f.name in values)) continue
      const v = values[f.name]
      const kind = featureKind(f)
      const value = kind === 'bool' ? String(!!v) : v === null || v === undefined ? '' : String(kind === 'text' ? v : Math.trunc(Number(v)))
      features.push({ name: f.name, value })
    }
  }
  return { features }
}

/** Save and reset, each refreshing the provider's features. */
export function useFeatureMutations(providerName: FeatureProvider, providerKey: string) {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: featureKeys.all })
  const save = useMutation({
    mutationFn: (body: Schemas['FeatureUpdateInput']) =>
      http.put<void>(BASE, body, { params: params(providerName, providerKey), silent: true }),
    onSuccess: refresh,
  })
  const reset = useMutation({
    mutationFn: () => http.delete<void>(BASE, { params: params(providerName, providerKey), silent: true }),
    onSuccess: refresh,
  })
  return { save, reset }
}
