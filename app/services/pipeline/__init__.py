"""The comment pipeline: a comment stored in the inbox (webhook or polling), drained a batch at a time, decided,
planned, sent through the Graph API with each outcome written at once, and the sweeps that recover what a crash
left behind (docs/architecture.md#the-path-of-a-comment)."""
