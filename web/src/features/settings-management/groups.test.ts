import { describe, expect, it } from 'vitest'
import { GROUPS, passesCheck, secretIsSet, toBody, toForm } from './groups'

const emailing = GROUPS.find((g) => g.key === 'emailing')!
const identity = GROUPS.find((g) => g.key === 'identity')!

describe('settings groups', () => {
  it('never put a secret into the form, and send an empty one to keep the stored value', () => {
    const answer = { smtpHost: 'smtp.x', smtpPort: 25, smtpPassword: 'leaked?', smtpPasswordIsSet: true, smtpEnableSsl: true }
    const form = toForm(emailing, answer)
    expect(form.smtpPassword).toBe('')
    expect(form.smtpHost).toBe('smtp.x')
    const body = toBody(emailing, { ...form, smtpHost: '  smtp.y  ' })
    expect(body.smtpPassword).toBe('')
    expect(body.smtpHost).toBe('smtp.y')
    expect(body.smtpUseDefaultCredentials).toBe(false)
    expect(secretIsSet(emailing.fields.find((f) => f.kind === 'secret')!, answer)).toBe(true)
  })
  it('keep nested groups nested', () => {
    const body = toBody(identity, { password: { requiredLength: 12, requireDigit: true }, lockout: { maxFailedAccessAttempts: 3 } })
    expect(body).toMatchObject({ password: { requiredLength: 12, requireDigit: true, requireLowercase: false }, lockout: { maxFailedAccessAttempts: 3 } })
  })
  it('take their limits from the server', () => {
    const port = emailing.fields.find((f) => f.name[0] === 'smtpPort')!
    expect([port.min, port.max]).toEqual([1, 65535])
    const timeout = GROUPS.find((g) => g.key === 'basicSetup')!.fields[0]
    expect(timeout.min).toBe(30)
  })
  it.each([
    ['email', 'a@b.example', true],
    ['email', 'not an address', false],
    ['url', 'https://maker.example/app', true],
    ['url', 'maker.example/app', false],
    ['url', 'ftp://maker.example', false],
    ['uuid', '0198a3c2-1111-7000-8000-000000000001', true],
    ['uuid', 'nope', false],
    ['url', '', true],
  ] as const)('check %s %s → %s', (check, value, ok) => {
    expect(passesCheck(check, value)).toBe(ok)
  })
})
