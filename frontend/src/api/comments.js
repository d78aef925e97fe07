/** Calls of the comments (log events) blueprint (spec 001 §7 "Comments"). */
import { client } from './client'

const id = (value) => encodeURIComponent(value)

export const commentsApi = {
  /** `{data, cursor, full}`: every log of an agent's post, oldest first; with `after` (an earlier answer's cursor)
   *  only the logs created or changed since. */
  logs: (postId, after) =>
    client.get(`/secure/logEvent/post/${id(postId)}/all`, { params: after ? { after } : undefined }),
  /** A manual answer to a not-matched comment; resolves to the updated log (the body's `data`). */
  answer: (platform, { log, answer, project, buttons }) =>
    client
      .post(`/secure/logEvent/answer/comment/${platform}`, { logs: log, answer, project, buttons })
      .then((body) => body?.data ?? body),
  /** The commenter's profile card (the body's data[0]), or null. */
  profile: (publisherId, idPage) =>
    client.get(`/secure/profile/subscriber/${id(publisherId)}`, { params: idPage ? { idPage } : undefined }).then((body) => body?.data?.[0] ?? null),
}
