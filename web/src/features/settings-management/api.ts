import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '../../components'
import type { Schemas } from '../../api/types'

/** The external providers group (GET …/external-provider). */
export type ExternalProviderSettings = Schemas['SettingsExternalProviderSettings']
export type ExternalProvider = Schemas['SettingsExternalProvider']
/** The basic setup (GET /api/app/basic-setup-setting). */
export type BasicSetupSettings = Schemas['SettingsBasicSetupSettings']

export const EXTERNAL_PROVIDERS_PATH = '/api/account-admin/settings/external-provider'
export const BASIC_SETUP_PATH = '/api/app/basic-setup-setting'
const SEND_TEST_EMAIL_PATH = '/api/setting-management/emailing/send-test-email'

/** Query keys of the settings groups. */
export const settingsKeys = {
  all: ['settings'] as const,
  group: (path: string) => ['settings', path] as const,
}

/** A group's values, resolved for the caller. */
export const groupQuery = <T = Record<string, unknown>>(path: string) =>
  queryOptions({ queryKey: settingsKeys.group(path), queryFn: ({ signal }) => http.get<T>(path, { signal }) })

/** Save a group (PUT or POST; 204), then read it again. */
export function useSaveGroup(path: string, method: 'put' | 'post') {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) => (method === 'put' ? http.put<void>(path, body, { silent: true }) : http.post<void>(path, body, { silent: true })),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.group(path) }),
  })
}

/** Send a test e-mail with the caller's e-mailing settings. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (b: { targetEmailAddress: string; subject: string; body: string }) =>
      http.post<void>(SEND_TEST_EMAIL_PATH, b, { silent: true }),
  })
}
