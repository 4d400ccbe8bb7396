// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../../test/render'
import { ORDER_ID, calls, serveOrder } from '../testServer'
import { FilePanel, formatSize } from './FilePanel'

const UPLOAD = `POST /api/app/salesorder/multifile/${ORDER_ID}`
const file = (name: string) => new File(['x'], name, { type: 'application/pdf' })

function choose(files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement
  fireEvent.change(input, { target: { files } })
}

describe('FilePanel', () => {
  it('lists the order files with name, type, size and time', async () => {
    serveOrder()
    renderWithApp(<FilePanel orderId={ORDER_ID} category="order" canUpload canDelete />)
    const row = await screen.findByTestId('file-row')
    expect(row.getAttribute('data-name')).toBe('plan.pdf')
    expect(within(row).getByText('pdf')).toBeTruthy()
    expect(within(row).getByText('2.0 KB')).toBeTruthy()
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB')
  })

  it('refuses more than 10 files before sending anything', async () => {
    const all = serveOrder({ extra: { [UPLOAD]: () => [] } })
    renderWithApp(<FilePanel orderId={ORDER_ID} category="order" canUpload canDelete />)
    await screen.findByTestId('file-row')
    choose(Array.from({ length: 11 }, (_, i) => file(`f${i}.pdf`)))
    expect(await screen.findByText('At most 10 files can be uploaded')).toBeTruthy()
    expect(calls(all, 'POST', `/api/app/salesorder/multifile/${ORDER_ID}`)).toHaveLength(0)
  })

  it('sends the chosen files in one request and names each file the server refused', async () => {
    const all = serveOrder({
      extra: {
        [UPLOAD]: () => [
          { id: 'n1', fileName: 'a.pdf', isSuccess: true },
          { fileName: 'huge.dwg', isSuccess: false, errorMessage: 'The file is larger than 50 MB' },
        ],
      },
    })
    renderWithApp(<FilePanel orderId={ORDER_ID} category="examine" canUpload canDelete />)
    await screen.findByText('No files')
    choose([file('a.pdf'), file('huge.dwg')])
    await waitFor(() => expect(calls(all, 'POST', `/api/app/salesorder/multifile/${ORDER_ID}`)).toHaveLength(1))
    const form = calls(all, 'POST', `/api/app/salesorder/multifile/${ORDER_ID}`)[0].body as FormData
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['a.pdf', 'huge.dwg'])
    expect(form.get('category')).toBe('examine')
    expect(await screen.findByText('huge.dwg: The file is larger than 50 MB')).toBeTruthy()
    expect(await screen.findByText('1 file(s) uploaded')).toBeTruthy()
  })

  it('deletes a file only after the confirmation', async () => {
    const all = serveOrder({ extra: { [`DELETE /api/app/salesorder/multifile/${ORDER_ID}/f-1`]: () => undefined } })
    renderWithApp(<FilePanel orderId={ORDER_ID} category="order" canUpload canDelete />)
    await userEvent.click(await screen.findByTestId('file-delete'))
    const dialog = (await screen.findByText('Delete the file "plan.pdf"?')).closest('.ant-modal') as HTMLElement
    expect(dialog.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Tips')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls(all, 'DELETE', `/api/app/salesorder/multifile/${ORDER_ID}/f-1`)).toHaveLength(0)
    await userEvent.click(screen.getByTestId('file-delete'))
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(calls(all, 'DELETE', `/api/app/salesorder/multifile/${ORDER_ID}/f-1`)).toHaveLength(1))
  })

  it('offers neither upload nor delete without the files permission', async () => {
    serveOrder()
    renderWithApp(<FilePanel orderId={ORDER_ID} category="order" canUpload={false} canDelete={false} />)
    await screen.findByTestId('file-row')
    expect(screen.queryByTestId('files-order-upload')).toBeNull()
    expect(screen.queryByTestId('file-delete')).toBeNull()
    expect(screen.getByTestId('file-download')).toBeTruthy()
  })
})
