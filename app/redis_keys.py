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

# A page's (or business object's) Graph usage as Meta last reported it, and the time of its last call turn
# (app/services/graph_pacing.py): shared by every worker so that they pace a page together. A figure no newer answer
# confirms is forgotten after the TTL, as usage falls while Meta's window rolls on.
GRAPH_USAGE = "graph-usage:{scope}"
GRAPH_USAGE_TTL = 600
