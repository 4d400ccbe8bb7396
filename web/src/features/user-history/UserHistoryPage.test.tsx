// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { UserHistoryPage } from './UserHistoryPage'

const users = [
  { id: 'u-ada', userName: 'ada', name: 'Ada', surname: 'Lovelace', email: '', phoneNumber: '' },
  { id: 'u-bob', userName: 'bob', name: '', surname: '', email: '', phoneNumber: '' },
]

function serve() {
  return mockApi({
    'GET /api/identity/users/lookup/search': (call: ApiCall) => pageOf(users, call),
    'GET /api/audit-logging/audit-logs/entity-changes-with-username': (call: ApiCall) =>
      call.query.get('entityId') === 'u-ada'
        ? {
            items: [
              {
                userName: 'admin',
                entityChange: {
                  id: 'c2',
                  changeType: 1,
                  changeTime: '2025-02-01T08:00:00Z',
                  entityId: 'u-ada',
                  entityTypeFullName: 'identity.User',
                  propertyChanges: [{ propertyName: 'surname', propertyTypeFullName: 'string', originalValue: '"King"', newValue: '"Lovelace"' }],
                },
              },
              {
                userName: '',
                entityChange: {
                  id: 'c1',
                  changeType: 0,
                  changeTime: '2025-01-01T08:00:00Z',
                  entityId: 'u-ada',
                  entityTypeFullName: 'identity.User',
                  propertyChanges: [{ propertyName: 'userName', propertyTypeFullName: 'string', newValue: '"ada"' }],
                },
              },
            ],
          }
        : { items: [] },
  })
}

describe('UserHistoryPage', () => {
  it('shows the changes made to the picked user as a timeline: who, when, old → new', async () => {
    const calls = serve()
    renderWithApp(<UserHistoryPage />, { granted: [Permissions['AbpIdentity.Users']] })
    expect(await screen.findByTestId('history-pick-hint')).toBeTruthy()
    await userEvent.click(await screen.findByText('ada'))

    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2))
    const call = calls.find((c) => c.path.endsWith('/entity-changes-with-username'))!
    expect(call.query.get('entityId')).toBe('u-ada')
    expect(call.query.get('entityTypeFullName')).toBe('identity.User')
    expect(screen.getByTestId('history-user').textContent).toContain('Ada Lovelace (ada)')

    const [updated, created] = screen.getAllByTestId('history-entry')
    expect(within(updated).getByTestId('history-kind').textContent).toBe('Updated')
    expect(within(updated).getByTestId('history-who').textContent).toBe('admin')
    expect(within(updated).getByTestId('history-property').textContent).toBe('surname')
    expect(within(updated).getByTestId('history-from').textContent).toBe('King')
    expect(within(updated).getByTestId('history-to').textContent).toBe('Lovelace')
    expect(within(created).getByTestId('history-kind').textContent).toBe('Created')
    expect(within(created).getByTestId('history-who').textContent).toBe('System')
    expect(within(created).queryByTestId('history-from')).toBeNull()
  })

  it('says so when a user has no recorded changes', async () => {
    serve()
    renderWithApp(<UserHistoryPage />, { granted: [Permissions['AbpIdentity.Users']] })
    await userEvent.click(await screen.findByText('bob'))
    expect(await screen.findByTestId('history-empty')).toBeTruthy()
  })
})
