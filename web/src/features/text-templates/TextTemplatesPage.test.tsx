// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { TextTemplatesPage } from './TextTemplatesPage'
import type { TemplateContent, TemplateDefinition } from './api'

configure({ asyncUtilTimeout: 5000 })

const defs: TemplateDefinition[] = [
  { name: 'Abp.StandardEmailTemplates.Layout', displayName: 'E-mail layout', isLayout: true, layout: '', isInlineLocalized: false, defaultCultureName: 'zh-Hans' },
  { name: 'Abp.StandardEmailTemplates.Message', displayName: 'Simple message', isLayout: false, layout: 'Abp.StandardEmailTemplates.Layout', isInlineLocalized: false, defaultCultureName: 'zh-Hans' },
]

function world() {
  const stored: Record<string, TemplateContent> = {}
  const contentOf = (name: string, culture: string): TemplateContent =>
    stored[`${name}/${culture}`] ?? { name, cultureName: culture, content: `<p>${culture} {{.Message}}</p>`, isOverridden: false }
  const calls = mockApi({
    'GET /api/text-template-management/template-definitions': (c: ApiCall) => pageOf(defs, c),
    'GET /api/text-template-management/template-contents': (c: ApiCall) => contentOf(c.query.get('templateName')!, c.query.get('cultureName')!),
    'POST /api/text-template-management/template-contents/preview': (c: ApiCall) => {
      const b = c.body as { content: string }
      if (b.content.includes('.Nope'))
        return new Response(JSON.stringify({ error: { message: 'The template does not render with the sample data: no field Nope' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        })
      return { html: `<html>${b.content.replace('{{.Message}}', 'sample')}</html>` }
    },
    'PUT /api/text-template-management/template-contents': (c: ApiCall) => {
      const b = c.body as { templateName: string; cultureName: string; content: string }
      const r = { name: b.templateName, cultureName: b.cultureName, content: b.content, isOverridden: true }
      stored[`${b.templateName}/${b.cultureName}`] = r
      return r
    },
    'PUT /api/text-template-management/template-contents/restore-to-default': (c: ApiCall) => {
      const b = c.body as { templateName: string; cultureName: string }
      delete stored[`${b.templateName}/${b.cultureName}`]
      return undefined
    },
  })
  return { calls }
}

const READ = Permissions['TextTemplateManagement.TextTemplates']
const EDIT = Permissions['TextTemplateManagement.TextTemplates.EditContents']
const srcdoc = () => screen.getByTestId('text-template-preview').getAttribute('srcdoc') ?? ''
const content = () => screen.getByTestId('text-template-content') as HTMLTextAreaElement

async function openMessage() {
  await waitFor(() => expect(screen.getAllByTestId('text-template-row')).toHaveLength(2))
  await userEvent.click(screen.getAllByTestId('text-template-edit')[1])
  await waitFor(() => expect(content().value).toBe('<p>zh-Hans {{.Message}}</p>'))
}

describe('TextTemplatesPage', () => {
  it('edits a culture with the server preview, saves it and restores the default after the confirmation', async () => {
    const { calls } = world()
    renderWithApp(<TextTemplatesPage />, { granted: [READ, EDIT] })
    await openMessage()
    await waitFor(() => expect(srcdoc()).toBe('<html><p>zh-Hans sample</p></html>'))
    expect((screen.getByTestId('text-template-restore') as HTMLButtonElement).disabled).toBe(true)

    fireEvent.change(content(), { target: { value: '<b>{{.Message}}</b>' } })
    await waitFor(() => expect(srcdoc()).toBe('<html><b>sample</b></html>'))
    await userEvent.click(screen.getByTestId('text-template-save'))
    await screen.findByText('Saved successfully')
    const put = calls.find((c) => c.method === 'PUT' && c.path.endsWith('/template-contents'))
    expect(put?.body).toEqual({ templateName: 'Abp.StandardEmailTemplates.Message', cultureName: 'zh-Hans', content: '<b>{{.Message}}</b>' })
    await waitFor(() => expect(screen.getByTestId('text-template-state').textContent).toBe('Customised'))

    // A content that does not render shows the server's reason.
    fireEvent.change(content(), { target: { value: '{{.Nope}}' } })
    await screen.findByTestId('text-template-preview-error')
    expect(screen.getByText(/no field Nope/)).toBeTruthy()

    await userEvent.click(screen.getByTestId('text-template-restore'))
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2))
    const confirm = screen.getAllByRole('dialog')[1]
    expect(within(confirm).getAllByText('Tips').length).toBeGreaterThan(0)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }))
    await screen.findByText('The default content is back')
    await waitFor(() => expect(content().value).toBe('<p>zh-Hans {{.Message}}</p>'))
    expect(calls.some((c) => c.path.endsWith('/restore-to-default'))).toBe(true)
  })

  it('shows the content of another culture', async () => {
    world()
    renderWithApp(<TextTemplatesPage />, { granted: [READ, EDIT] })
    await openMessage()
    await userEvent.click(screen.getByText('English'))
    await waitFor(() => expect(content().value).toBe('<p>en {{.Message}}</p>'))
  })

  it('lets a reader look without saving', async () => {
    world()
    renderWithApp(<TextTemplatesPage />, { granted: [READ] })
    await waitFor(() => expect(screen.getAllByTestId('text-template-edit')[1].textContent).toBe('View'))
    await openMessage()
    expect(content().readOnly).toBe(true)
    expect(screen.queryByTestId('text-template-save')).toBeNull()
    expect(screen.queryByTestId('text-template-restore')).toBeNull()
  })
})
