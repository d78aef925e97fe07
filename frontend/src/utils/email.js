/** A standard e-mail address check, as the contact and newsletter forms use (spec 000 §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export const isEmail = (value) => EMAIL_PATTERN.test(String(value).trim())
