import { useCallback, useEffect, useRef, useState } from 'react'
import { App } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage } from '../../components'
import { apiBase, commonHeaders } from '../../api/http'
import { DETAILS_PATH, batchUpdate, invalidateOrderLists, orderKeys, putOrder } from './api'
import { allUploads, batchBody, emptyEdits, type EditStore } from './lineEdits'
import type { BatchUpdateBody } from './lines'
import type { DetailColumn, DetailTable, LineTableKey, SalesOrder } from './types'

export interface SaveOptions {
  /** The user is leaving the order: no reload prompt (the screen is going away), a message instead. */
  leaving?: boolean
}

/**
 * Sends the order's unsaved line changes as one batch update (spec 000 §4): on Save, before a
 * status move, an import, an add, a clear, an export or the quotation, when the user leaves the
 * order (route change, another tab, the tab closed) and, best effort, when the browser tab is
 * closed. Nothing is sent when nothing changed. The server's order (new totals and stamp)
 * replaces the cached one and the lines are read again (its computed figures replace the page's).
 * A stale stamp asks to reload (the files uploaded during the edits are then deleted); other
 * errors are shown and the changes kept.
 */
export function useSaveLines(orderId: string, store: EditStore, tables: readonly DetailTable[] | undefined) {
  const { t } = useTranslation('sales-order-detail')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const [saving, setSaving] = useState(false)
  const inFlight = useRef<Promise<boolean> | null>(null)
  const tablesRef = useRef(tables)
  tablesRef.current = tables

  const bodyNow = useCallback((): BatchUpdateBody | null => {
    const columns = new Map<string, readonly DetailColumn[]>((tablesRef.current ?? []).map((tb) => [tb.key, tb.columns ?? []]))
    const order = qc.getQueryData<SalesOrder>(orderKeys.order(orderId))
    return batchBody(store.get(), orderId, order?.concurrencyStamp, (table: LineTableKey) => columns.get(table) ?? [])
  }, [orderId, qc, store])

  /**
   * Deletes files uploaded during an edit that ends unsaved (cancelled, or discarded for a reload):
   * a batch update with only removedFileIds, which leaves the lines and the order's stamp as they
   * are. When that fails they are kept to go with the next save.
   */
  const discardFiles = useCallback(
    async (fileIds: readonly string[]) => {
      if (!fileIds.length) return
      try {
        putOrder(qc, await batchUpdate({ salesOrderId: orderId, removedFileIds: [...fileIds] }))
      } catch (e) {
        console.error(e)
        store.set((s) => ({ ...s, removedFileIds: [...new Set([...s.removedFileIds, ...fileIds])] }))
      }
    },
    [orderId, qc, store],
  )

  const reload = useCallback(() => {
    const uploads = allUploads(store.get())
    store.set((s) => ({ ...emptyEdits(), seq: s.seq }))
    void discardFiles(uploads)
    void qc.invalidateQueries({ queryKey: orderKeys.order(orderId) })
  }, [discardFiles, orderId, qc, store])

  const send = useCallback(
    async (body: BatchUpdateBody, { leaving = false }: SaveOptions): Promise<boolean> => {
      const sent = store.get()
      setSaving(true)
      try {
        const saved = await batchUpdate(body)
        // The inputs are disabled while saving, so the edits sent are the edits there are.
        store.set((s) => (s === sent ? { ...emptyEdits(), seq: s.seq } : s))
        putOrder(qc, saved)
        await Promise.all([
          qc.invalidateQueries({ queryKey: orderKeys.lines(orderId) }),
          qc.invalidateQueries({ queryKey: orderKeys.order(orderId), exact: true }),
          invalidateOrderLists(qc, orderId),
        ])
        message.success(t('save.saved'))
        return true
      } catch (e) {
        const status = e instanceof HttpError ? e.status : undefined
        const text =
          e instanceof HttpError ? errorToMessage({ status: e.status, data: e.data, timeout: e.timeout }, tApp).message : String(e)
        if (status === 409) {
          if (leaving) message.error(t('save.staleLeft'), 6)
          else
            modal.confirm({
              title: t('tips'),
              content: t('save.stale'),
              okText: t('save.reload'),
              cancelText: t('cancel'),
              onOk: reload,
            })
        } else message.error(leaving ? t('save.failedLeft', { message: text }) : t('save.failed', { message: text }), 6)
        return false
      } finally {
        setSaving(false)
      }
    },
    [message, modal, orderId, qc, reload, store, t, tApp],
  )

  /** Saves what changed; true when nothing was left to save. Calls while a save runs wait for it. */
  const flush = useCallback(
    async (opts: SaveOptions = {}): Promise<boolean> => {
      while (inFlight.current) await inFlight.current
      const body = bodyNow()
      if (!body) return true
      const p = send(body, opts)
      inFlight.current = p
      try {
        return await p
      } finally {
        inFlight.current = null
      }
    },
    [bodyNow, send],
  )

  // Leaving the order: another route, another tab (the kept-alive view is hidden, its effects
  // end) or another order in this view (the screen is keyed by the order id).
  const flushRef = useRef(flush)
  flushRef.current = flush
  useEffect(() => () => void flushRef.current({ leaving: true }), [])

  // The browser tab closed or reloaded: a last request that outlives the page.
  useEffect(() => {
    const onUnload = () => {
      const body = bodyNow()
      if (!body) return
      try {
        void fetch(`${apiBase()}${DETAILS_PATH}/batch-update`, {
          method: 'PUT',
          keepalive: true,
          headers: { ...commonHeaders(), 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      } catch {
        /* best effort */
      }
    }
    window.addEventListener('beforeunload', onUnload)
    return () => window.removeEventListener('beforeunload', onUnload)
  }, [bodyNow])

  return { flush, saving, discardFiles }
}
