import { useState, type ReactNode } from 'react'
import { App } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { usePermission, type PermissionName } from '../../../components'
import { UserPickerModal } from '../../../components/user-picker'
import { assignSheet, batchAction, invalidateSheets, revokeSheet, sheetDesignUrl } from '../api'
import { AuditPermissions as P } from '../permissions'
import type { AuditSheet, SheetAction } from '../types'
import { CommentDialog, DesignFrameDialog, LogDialog, type DesignFrame } from './Dialogs'

/** The permission each toolbar action needs (assign: either assigning or transferring). */
export const ACTION_PERMISSION: Record<SheetAction, PermissionName | readonly PermissionName[]> = {
  claim: P.Claim,
  reject: P.Reject,
  sendback: P.Sendback,
  pass: P.Pass,
  discard: P.Discard,
  revoke: P.Edit,
  assign: [P.Assign, P.Transfer],
}

type Pending = { action: 'reject' | 'sendback' | 'revoke' | 'assign'; sheets: AuditSheet[] } | null

export interface SheetActions {
  /** Runs an action on the chosen sheets: at once (claim, pass), after a confirmation (void) or a dialog. */
  run: (action: SheetAction, sheets: readonly AuditSheet[]) => void
  /** The action whose call is running (its button spins). */
  busy: SheetAction | null
  /** The actions the user holds the permission for, of those asked. */
  allowed: (actions: readonly SheetAction[]) => SheetAction[]
  showLogs: (sheet: AuditSheet) => void
  showDesign: (frame: DesignFrame) => void
  showSheetDesign: (sheet: AuditSheet) => void
  /** The dialogs; render them once. */
  dialogs: ReactNode
}

/**
 * The sheet actions of the order's tab and of the review queue, with their dialogs (reason,
 * comment, user, confirmation, log, design) and messages (spec 001 §5, §8). A failed call shows
 * the server's message (the API client's error notification, 5 s) and leaves the dialog open;
 * revoke and assign are one call a sheet on the server, so several sheets go one by one and stop
 * at the first refusal.
 */
export function useSheetActions({ onChanged }: { onChanged?: () => unknown } = {}): SheetActions {
  const { t } = useTranslation('audit-design')
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const { has } = usePermission()
  const [busy, setBusy] = useState<SheetAction | null>(null)
  const [pending, setPending] = useState<Pending>(null)
  const [logOf, setLogOf] = useState<AuditSheet | null>(null)
  const [frame, setFrame] = useState<DesignFrame | null>(null)

  const refresh = async () => {
    await invalidateSheets(qc)
    await onChanged?.()
  }

  /** Calls `call`; on success shows the action's message and refreshes. */
  const act = async (action: SheetAction, call: () => Promise<unknown>): Promise<boolean> => {
    setBusy(action)
    try {
      await call()
    } catch {
      // the API client showed the server's message
      void invalidateSheets(qc)
      return false
    } finally {
      setBusy(null)
    }
    message.success(t(`done.${action}`))
    await refresh()
    return true
  }

  const ids = (sheets: readonly AuditSheet[]) => sheets.map((s) => s.id)
  const oneByOne = async (sheets: readonly AuditSheet[], call: (s: AuditSheet) => Promise<unknown>) => {
    for (const s of sheets) await call(s)
  }

  const run = (action: SheetAction, sheets: readonly AuditSheet[]) => {
    if (sheets.length === 0) {
      message.warning(t('selectSheets'))
      return
    }
    switch (action) {
      case 'claim':
      case 'pass':
        void act(action, () => batchAction(action, ids(sheets)))
        return
      case 'discard':
        modal.confirm({
          title: t('tips'),
          content: t('confirmDiscard', { count: sheets.length }),
          okText: t('confirm'),
          cancelText: t('cancel'),
          okButtonProps: { danger: true },
          onOk: () => act('discard', () => batchAction('discard', ids(sheets))),
        })
        return
      default:
        setPending({ action, sheets: [...sheets] })
    }
  }

  const close = () => setPending(null)
  const comment = pending && pending.action !== 'assign' ? pending : null

  const dialogs = (
    <>
      <CommentDialog
        open={!!comment}
        title={comment ? t(`comment.${comment.action}Title`) : ''}
        label={comment?.action === 'reject' ? t('comment.rejectLabel') : t('comment.label')}
        requiredMessage={comment?.action === 'reject' ? t('comment.rejectRequired') : undefined}
        count={comment?.sheets.length ?? 0}
        onCancel={close}
        onSubmit={async (text) => {
          if (!comment) return false
          const ok = await act(comment.action, () =>
            comment.action === 'revoke'
              ? oneByOne(comment.sheets, (s) => revokeSheet(s.id, text))
              : batchAction(comment.action as 'reject' | 'sendback', ids(comment.sheets), text),
          )
          if (ok) close()
          return ok
        }}
      />
      <UserPickerModal
        open={pending?.action === 'assign'}
        title={t('assign.title')}
        multiple={false}
        confirmLoading={busy === 'assign'}
        onCancel={close}
        onConfirm={async (users) => {
          if (!pending || users.length === 0) {
            message.warning(t('assign.required'))
            return
          }
          const sheets = pending.sheets
          if (await act('assign', () => oneByOne(sheets, (s) => assignSheet(s.id, users[0].id)))) close()
        }}
      />
      <LogDialog sheetId={logOf?.id ?? null} title={logOf?.auditName} onClose={() => setLogOf(null)} />
      <DesignFrameDialog frame={frame} onClose={() => setFrame(null)} />
    </>
  )

  return {
    run,
    busy,
    allowed: (actions) => actions.filter((a) => has(ACTION_PERMISSION[a])),
    showLogs: setLogOf,
    showDesign: setFrame,
    showSheetDesign: (s) => setFrame({ title: `${t('design.title')} — ${s.auditName}`, load: () => sheetDesignUrl(s.id) }),
    dialogs,
  }
}
