/** The error every api/* call rejects with: the server's `{"message","code"}` plus the HTTP status. */
export class ApiError extends Error {
  constructor(message, { code = null, status = null } = {}) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = status
  }
}

export function toApiError(error) {
  const status = error.response?.status ?? null
  const body = error.response?.data
  if (body && typeof body === 'object' && body.message) {
    return new ApiError(String(body.message), { code: body.code ?? null, status })
  }
  return new ApiError(error.message || 'Network error', { status })
}
