/** Toasts (Mantine notifications, auto-hidden after 5 s, spec 000 §9) and the one blocking alert with its
 *  Okay button. Messages are i18n keys, rendered by a translating component, so they follow a language
 *  switch while shown. */
import { notifications } from '@mantine/notifications'
import { createElement } from 'react'
import { useTranslation } from 'react-i18next'
import { create } from 'zustand'

export const TOAST_MS = 5000

const TOAST_COLORS = { info: 'dark', success: 'green', error: 'red' }

function Translated({ messageKey, values }) {
  const { t } = useTranslation()
  return t(messageKey, values)
}

export const useFeedbackStore = create((set, get) => ({
  alert: null,
  /** `values` fill the message's placeholders; `autoClose` shortens a toast that says little (the team's). */
  toast(messageKey, kind = 'info', { values, autoClose = TOAST_MS } = {}) {
    notifications.show({
      message: createElement(Translated, { messageKey, values }),
      color: TOAST_COLORS[kind] ?? TOAST_COLORS.info,
      autoClose,
      // An error interrupts (alert); the others wait for the reader (status), as the old toasts did.
      role: kind === 'error' ? 'alert' : 'status',
    })
  },
  showAlert(messageKey, onOkay = null) {
    set({ alert: { messageKey, onOkay } })
  },
  closeAlert() {
    const { alert } = get()
    set({ alert: null })
    alert?.onOkay?.()
  },
}))
