import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '../../api/http'
import { requestToken } from '../../api/oauth'
import type { Schemas } from '../../api/types'

/** Whether the current user has a WeChat account bound (GET /api/wechat/check-bind). */
export type BindState = Schemas['WechatBindState']
/** A QR code: the address to show (development) or to open (WeChat's QR page) and its state. */
export type QRCode = Schemas['WechatQRCode']
/** Whether the login page offers WeChat sign-in. */
export type SignInOptions = Schemas['WechatSignInOptions']
export type Purpose = 'bind' | 'login'

const BASE = '/api/wechat'

/** Query keys of the WeChat calls. */
export const wechatKeys = {
  all: ['wechat'] as const,
  bind: ['wechat', 'check-bind'] as const,
  qrcode: (purpose: Purpose) => ['wechat', 'qrcode', purpose] as const,
  signInOptions: ['wechat', 'sign-in-options'] as const,
}

export const checkBindQuery = () =>
  queryOptions({ queryKey: wechatKeys.bind, queryFn: ({ signal }) => http.get<BindState>(`${BASE}/check-bind`, { signal }) })

/** A new QR code (and state) each time it is fetched: never cached beyond its query. */
export const qrcodeQuery = (purpose: Purpose) =>
  queryOptions({
    queryKey: wechatKeys.qrcode(purpose),
    queryFn: ({ signal }) => http.get<QRCode>(`${BASE}/qrcode`, { params: { purpose }, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

export const signInOptionsQuery = () =>
  queryOptions({
    queryKey: wechatKeys.signInOptions,
    queryFn: ({ signal }) => http.get<SignInOptions>(`${BASE}/sign-in-options`, { signal, silent: true }),
    staleTime: 60_000,
    retry: false,
  })

/** Binds the account that scanned the caller's bind QR code (from /auth-redirect). */
export function bindAccount(code: string, state: string) {
  return http.get<BindState>(`${BASE}/oauth2`, { params: { code, state }, silent: true })
}

/** The token endpoint's wechat grant for a sign-in QR code's code and state. */
export function wechatGrant(code: string, state: string, tenant: string | null) {
  return requestToken({ grant_type: 'wechat', code, state }, { tenant })
}

export function useUnbind() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => http.delete(`${BASE}/binding`),
    onSuccess: () => qc.invalidateQueries({ queryKey: wechatKeys.bind }),
  })
}
