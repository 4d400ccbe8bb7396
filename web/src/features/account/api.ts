// Not the components barrel: the login page (part of the shell) uses these calls.
import { http } from '../../api/http'
import type { Schemas } from '../../api/types'

/** Body of POST /api/account/phone/register. */
export type RegisterBody = Schemas['AccountRegisterInput']
/** Answer of POST /api/account/phone/register. */
export type RegisteredUser = Schemas['AccountRegisteredUser']
/** Body of PUT /api/account/phone/reset-password. */
export type ResetPasswordBody = Schemas['AccountResetPasswordInput']

/** What a phone code is for (spec 002 §3: Register 0, Signin 10, ResetPassword 20). */
export type CodePurpose = 'register' | 'signin' | 'reset'

const SEND_PATHS: Record<CodePurpose, string> = {
  register: '/api/account/phone/send-register-code',
  signin: '/api/account/phone/send-signin-code',
  reset: '/api/account/phone/send-password-reset-code',
}

/**
 * Sends a code by SMS to phoneNumber for purpose, in the selected tenant (the __tenant header of
 * the HTTP client). The server allows one code per phone and purpose a minute.
 */
export const sendPhoneCode = (purpose: CodePurpose, phoneNumber: string) =>
  http.post<void>(SEND_PATHS[purpose], { phoneNumber } satisfies Schemas['AccountSendCodeInput'], { silent: true })

/** Registers a user of the selected tenant with a confirmed phone; the code is used up. */
export const registerByPhone = (body: RegisterBody) => http.post<RegisteredUser>('/api/account/phone/register', body, { silent: true })

/** Sets a new password with a reset code; the user is signed out everywhere. */
export const resetPasswordByPhone = (body: ResetPasswordBody) =>
  http.put<void>('/api/account/phone/reset-password', body, { silent: true })

/** Body of POST /api/account/send-password-reset-code (the e-mailed reset link). */
export type SendPasswordResetLinkBody = Schemas['AccountSendPasswordResetCodeInput']
/** Body of POST /api/account/reset-password (a new password with the e-mailed link). */
export type ResetPasswordWithTokenBody = Schemas['AccountResetPasswordWithTokenInput']

/**
 * E-mails a password-reset link to the user of the selected tenant with that address. The server
 * answers the same whether or not the address is known (so the page cannot tell either).
 */
export const sendPasswordResetLink = (email: string) =>
  http.post<void>('/api/account/send-password-reset-code', { email, appName: 'kerf-web' } satisfies SendPasswordResetLinkBody, { silent: true })

/** Whether the e-mailed link (userId, resetToken) would still set a password. */
export const verifyPasswordResetToken = (userId: string, resetToken: string) =>
  http.post<boolean>('/api/account/verify-password-reset-token', { userId, resetToken } satisfies Schemas['AccountVerifyPasswordResetTokenInput'], {
    silent: true,
  })

/** Sets the new password with the e-mailed link; the link is used up and the user signed out everywhere. */
export const resetPasswordWithToken = (body: ResetPasswordWithTokenBody) => http.post<void>('/api/account/reset-password', body, { silent: true })
