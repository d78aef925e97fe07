/** Toasts (auto-hidden after 5 s, spec 000 §9) and the one blocking alert with its Okay button.
 *  Messages are i18n keys, so they follow a language switch while shown. */
import { create } from 'zustand'

export const TOAST_MS = 5000

let nextToastId = 1

export const useFeedbackStore = create((set, get) => ({
  toasts: [],
  alert: null,
  toast(messageKey, kind = 'info') {
    const id = nextToastId++
    set({ toasts: [...get().toasts, { id, messageKey, kind }] })
    setTimeout(() => get().dismissToast(id), TOAST_MS)
  },
  dismissToast(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) })
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
