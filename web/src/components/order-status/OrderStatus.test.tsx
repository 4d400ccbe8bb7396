// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { i18n } from '../../i18n'
import { ORDER_STATUSES, StatusTag, statusLabel } from './OrderStatus'

describe('order statuses', () => {
  it('are named in both languages', () => {
    const zh = i18n.getFixedT('zh-Hans')
    const en = i18n.getFixedT('en')
    expect(ORDER_STATUSES.map((s) => statusLabel(zh, s))).toEqual([
      '草稿', '已提交', '审核中', '已确认', '生产中', '已发货', '已结案', '已作废',
    ])
    expect(ORDER_STATUSES.map((s) => statusLabel(en, s))).toEqual([
      'Draft', 'Submitted', 'In review', 'Confirmed', 'In production', 'Shipped', 'Closed', 'Cancelled',
    ])
  })
  it('name an unknown value as unknown, with its number', () => {
    expect(statusLabel(i18n.getFixedT('en'), 7)).toBe('Unknown status (7)')
  })
  it('show as a tag in the current language', async () => {
    await i18n.changeLanguage('en')
    render(
      <I18nextProvider i18n={i18n}>
        <StatusTag status={20} />
      </I18nextProvider>,
    )
    expect(screen.getByText('In review')).toBeTruthy()
  })
})
