"""Every Redis key the product writes outside Celery's own, each with why it lives in Redis.

Nothing here is the truth of anything (the database is); these are short-lived signals.
"""

# A worker's answer to health.ping: proves a task published here ran in a real worker (tests, ops checks).
PING_ANSWER = "health:ping:{token}"
PING_ANSWER_TTL = 300
