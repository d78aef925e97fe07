"""Every Redis key the product writes outside Celery's own, each with why it lives in Redis.

Nothing here is the truth of anything (the database is); these are short-lived signals.
"""

# A worker's answer to health.ping: proves a task published here ran in a real worker (tests, ops checks).
PING_ANSWER = "health:ping:{token}"
PING_ANSWER_TTL = 300

# A task that drains a table is waiting to run (app/queue.py ring/answer): saves one message per webhook. It expires
# within seconds, so that a drain message lost with a crashed Redis or held by a killed worker is published again by
# the next ring (at worst one extra message per TTL while a drain waits that long).
BELL = "bell:{task}"
BELL_TTL_MS = 3_000
