// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { MailboxPage } from './MailboxPage'
import type { Mail } from './api'

configure({ asyncUtilTimeout: 5000 })

const mail = (n: number): Mail => ({
  id: `m${n}`,
  to: `user${n}@example.com`,
  subject: `Subject ${n}`,
  html: '',
  text: '',
  sentTime: `2026-11-2${n}T08:00:00Z`,
})

describe('MailboxPage', () => {
  it('lists the messages, searches on the server and reads one', async () => {
    const rows = [mail(2), mail(1)]
    const calls = mockApi({
      'GET /api/setting-management/emailing/mailbox': (c: ApiCall) => {
        const f = (c.query.get('Filter') ?? '').toLowerCase()
        return pageOf(
          rows.filter((r) => !f || r.subject.toLowerCase().includes(f)),
          c,
        )
      },
      'GET /api/setting-management/emailing/mailbox/m1': () => ({ ...mail(1), html: '<p>Hi</p>', text: 'Hi there' }),
    })
    renderWithApp(<MailboxPage />, { granted: [Permissions['AbpSettingManagement.Emailing.Mailbox']] })
    await waitFor(() => expect(screen.getAllByTestId('mail-row')).toHaveLength(2))
    await userEvent.type(within(screen.getByTestId('mailbox-search')).getByRole('searchbox'), 'subject 1{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('mail-row')).toHaveLength(1))
    expect(calls.at(-1)?.query.get('Filter')).toBe('subject 1')

    await userEvent.click(screen.getByTestId('mail-open'))
    const dialog = await screen.findByTestId('mail-dialog')
    expect(within(dialog).getByText('user1@example.com')).toBeTruthy()
    expect(screen.getByTestId('mail-html').getAttribute('srcdoc')).toBe('<p>Hi</p>')
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Plain text' }))
    await waitFor(() => expect(screen.getByTestId('mail-text').textContent).toBe('Hi there'))
  })
})
