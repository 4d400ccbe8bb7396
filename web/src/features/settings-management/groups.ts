import { limits } from '../../api/gen/limits'
import type { PermissionName } from '../../components'
import { SettingsPermissions as P } from './permissions'

/** How a field of a group is edited. */
export type FieldKind = 'bool' | 'int' | 'float' | 'text' | 'secret' | 'select' | 'lookup'

/** One field of a settings group: its JSON path, how it is edited and its rules. */
export interface FieldSpec {
  /** JSON path, e.g. ['password', 'requiredLength']. */
  name: string[]
  kind: FieldKind
  /** Options of a select: value and the locale key of its label. */
  options?: { value: string | number; label: string }[]
  min?: number
  max?: number
  minLength?: number
  maxLength?: number
  check?: 'email' | 'url' | 'uuid'
  /** For a lookup: the list call whose rows ({id, name}) are the options; the value is the id. */
  source?: string
  /** For a secret: the sibling member saying a value is stored. */
  isSet?: string
}

/** A settings group: one tab of the page. */
export interface GroupSpec {
  key: string
  path: string
  method: 'put' | 'post'
  permission: PermissionName
  /** Sub-sections (identity: password, lockout, …): the first path segment of their fields. */
  sections?: string[]
  fields: FieldSpec[]
}

type Limit = { minimum?: number; maximum?: number; minLength?: number; maxLength?: number }
const L = (l: Limit | undefined) => ({ min: l?.minimum, max: l?.maximum, minLength: l?.minLength, maxLength: l?.maxLength })

const mail = limits.SettingsEmailingSettings
const pw = limits.SettingsPasswordSettings
const lock = limits.SettingsLockoutSettings
const cap = limits.SettingsRecaptchaSettings

/** The groups of the settings page, in tab order (docs/decisions/0014, "Settings"). */
export const GROUPS: GroupSpec[] = [
  {
    key: 'emailing',
    path: '/api/setting-management/emailing',
    method: 'post',
    permission: P.Emailing,
    fields: [
      { name: ['defaultFromAddress'], kind: 'text', check: 'email', ...L(mail.defaultFromAddress) },
      { name: ['defaultFromDisplayName'], kind: 'text', ...L(mail.defaultFromDisplayName) },
      { name: ['smtpHost'], kind: 'text', ...L(mail.smtpHost) },
      { name: ['smtpPort'], kind: 'int', ...L(mail.smtpPort) },
      { name: ['smtpUserName'], kind: 'text', ...L(mail.smtpUserName) },
      { name: ['smtpPassword'], kind: 'secret', isSet: 'smtpPasswordIsSet', ...L(mail.smtpPassword) },
      { name: ['smtpDomain'], kind: 'text', ...L(mail.smtpDomain) },
      { name: ['smtpEnableSsl'], kind: 'bool' },
      { name: ['smtpUseDefaultCredentials'], kind: 'bool' },
    ],
  },
  {
    key: 'identity',
    path: '/api/identity/settings',
    method: 'put',
    permission: P.Identity,
    sections: ['password', 'lockout', 'signIn', 'user'],
    fields: [
      { name: ['password', 'requiredLength'], kind: 'int', ...L(pw.requiredLength) },
      { name: ['password', 'requiredUniqueChars'], kind: 'int', ...L(pw.requiredUniqueChars) },
      { name: ['password', 'requireNonAlphanumeric'], kind: 'bool' },
      { name: ['password', 'requireLowercase'], kind: 'bool' },
      { name: ['password', 'requireUppercase'], kind: 'bool' },
      { name: ['password', 'requireDigit'], kind: 'bool' },
      { name: ['lockout', 'allowedForNewUsers'], kind: 'bool' },
      { name: ['lockout', 'lockoutDuration'], kind: 'int', ...L(lock.lockoutDuration) },
      { name: ['lockout', 'maxFailedAccessAttempts'], kind: 'int', ...L(lock.maxFailedAccessAttempts) },
      { name: ['signIn', 'requireConfirmedEmail'], kind: 'bool' },
      { name: ['signIn', 'enablePhoneNumberConfirmation'], kind: 'bool' },
      { name: ['signIn', 'requireConfirmedPhoneNumber'], kind: 'bool' },
      { name: ['user', 'isUserNameUpdateEnabled'], kind: 'bool' },
      { name: ['user', 'isEmailUpdateEnabled'], kind: 'bool' },
      { name: ['user', 'requireUniqueEmail'], kind: 'bool' },
    ],
  },
  {
    key: 'account',
    path: '/api/account-admin/settings',
    method: 'put',
    permission: P.Account,
    fields: [
      { name: ['isSelfRegistrationEnabled'], kind: 'bool' },
      { name: ['enableLocalLogin'], kind: 'bool' },
    ],
  },
  {
    key: 'twoFactor',
    path: '/api/account-admin/settings/two-factor',
    method: 'put',
    permission: P.Account,
    fields: [
      {
        name: ['twoFactorBehaviour'],
        kind: 'select',
        options: [
          { value: 0, label: 'twoFactorBehaviour.0' },
          { value: 1, label: 'twoFactorBehaviour.1' },
          { value: 2, label: 'twoFactorBehaviour.2' },
        ],
      },
      { name: ['isRememberBrowserEnabled'], kind: 'bool' },
      { name: ['usersCanChange'], kind: 'bool' },
    ],
  },
  {
    key: 'recaptcha',
    path: '/api/account-admin/settings/recaptcha',
    method: 'put',
    permission: P.Recaptcha,
    fields: [
      { name: ['useCaptchaOnLogin'], kind: 'bool' },
      { name: ['useCaptchaOnRegistration'], kind: 'bool' },
      { name: ['verifyBaseUrl'], kind: 'text', check: 'url', ...L(cap.verifyBaseUrl) },
      { name: ['siteKey'], kind: 'text', ...L(cap.siteKey) },
      { name: ['siteSecret'], kind: 'secret', isSet: 'siteSecretIsSet', ...L(cap.siteSecret) },
      { name: ['version'], kind: 'select', options: [{ value: 2, label: 'recaptchaVersion.2' }, { value: 3, label: 'recaptchaVersion.3' }] },
      { name: ['score'], kind: 'float', ...L(cap.score) },
    ],
  },
  {
    key: 'wechat',
    path: '/api/setting-management/wechat',
    method: 'post',
    permission: P.WeChat,
    fields: [
      { name: ['appId'], kind: 'text', ...L(limits.SettingsWeChatSettings.appId) },
      { name: ['appSecret'], kind: 'secret', isSet: 'appSecretIsSet', ...L(limits.SettingsWeChatSettings.appSecret) },
      { name: ['token'], kind: 'text', ...L(limits.SettingsWeChatSettings.token) },
      { name: ['encodingAesKey'], kind: 'text', ...L(limits.SettingsWeChatSettings.encodingAesKey) },
    ],
  },
  {
    key: 'salesOrder',
    path: '/api/salesorder/salesordersetting',
    method: 'put',
    permission: P.SalesOrder,
    fields: [
      { name: ['disableQuotationStatusCheck'], kind: 'bool' },
      { name: ['webLogo'], kind: 'text', check: 'url', ...L(limits.SettingsSalesOrderSettings.webLogo) },
    ],
  },
  {
    key: 'optimization',
    path: '/api/app/optimization-setting',
    method: 'put',
    permission: P.Optimization,
    fields: [
      { name: ['defaultOptimizeParameterSettingId'], kind: 'lookup', source: '/api/optimization/optimize-parameter-settings' },
      { name: ['defaultMachineParameterSettingId'], kind: 'lookup', source: '/api/optimization/machine-parameter-settings' },
      { name: ['useStockOffcuts'], kind: 'bool' },
      { name: ['labelLayout'], kind: 'select', options: [{ value: 'sheet', label: 'labelLayout.sheet' }, { value: 'roll', label: 'labelLayout.roll' }] },
    ],
  },
  {
    key: 'basicSetup',
    path: '/api/app/basic-setup-setting',
    method: 'put',
    permission: P.BasicSetup,
    fields: [
      { name: ['httpTimeoutPeriod'], kind: 'int', ...L(limits.SettingsBasicSetupSettings.httpTimeoutPeriod) },
      { name: ['downloadUrl'], kind: 'text', check: 'url', ...L(limits.SettingsBasicSetupSettings.downloadUrl) },
    ],
  },
]

/** The tab key of the external providers (a list, with its own form). */
export const EXTERNAL_PROVIDERS_KEY = 'externalProviders'

type Values = Record<string, unknown>

function getPath(o: Values, path: string[]): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Values)[k] : undefined), o)
}

function setPath(o: Values, path: string[], value: unknown): void {
  let cur = o
  path.slice(0, -1).forEach((k) => {
    if (!cur[k] || typeof cur[k] !== 'object') cur[k] = {}
    cur = cur[k] as Values
  })
  cur[path[path.length - 1]] = value
}

/** The body a save sends: every field of the group from the form; a secret left empty stays empty (the server keeps the stored one). */
export function toBody(group: GroupSpec, form: Values): Values {
  const out: Values = {}
  for (const f of group.fields) {
    let v = getPath(form, f.name)
    if (f.kind === 'text' || f.kind === 'secret') v = typeof v === 'string' ? (f.kind === 'text' ? v.trim() : v) : ''
    if (f.kind === 'bool') v = Boolean(v)
    setPath(out, f.name, v)
  }
  return out
}

/** The form's values from a GET: secrets are never filled (the server answers them empty). */
export function toForm(group: GroupSpec, answer: Values): Values {
  const out: Values = {}
  for (const f of group.fields) setPath(out, f.name, f.kind === 'secret' ? '' : getPath(answer, f.name))
  return out
}

/** Whether a secret field has a stored value (its sibling flag). */
export function secretIsSet(f: FieldSpec, answer: Values | undefined): boolean {
  if (!f.isSet || !answer) return false
  return Boolean(getPath(answer, [...f.name.slice(0, -1), f.isSet]))
}

/** Whether a text passes its check (empty passes: required is a separate rule). */
export function passesCheck(check: FieldSpec['check'], value: string): boolean {
  if (!value || !check) return true
  if (check === 'email') return /^[^\s@]+@[^\s@]+$/.test(value)
  if (check === 'uuid') return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  try {
    const u = new URL(value)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== ''
  } catch {
    return false
  }
}
