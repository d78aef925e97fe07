"""The agent logs answer (docs/contracts.md "Agent messages") written out as its logs are read.

The answer carries every log of an agent three times (`data` oldest first, `matched` and `notMatched` newest
first) and an agent's history only grows: built whole, one read of a few thousand logs held them all at once as
rows, dicts, dumps and text, and the web process's memory followed the largest answer so far. Written as it is
read, the answer's JSON text is the same byte for byte (keys sorted, compact, as Flask's provider writes it),
while the process holds one batch of logs at a time; the dumps the two newest-first lists need later wait in a
spool that moves to a temporary file past SPOOL_IN_MEMORY.
"""
from __future__ import annotations

import tempfile
from collections.abc import Iterator

from flask import Response, current_app, stream_with_context

from app.api.comments_schemas import LogSchema
from app.services.agent_messages import LogsRead

SPOOL_IN_MEMORY = 1024 * 1024


class NewestFirst:
    """Dumped logs kept oldest first, batch by batch, and given back newest first, with the distinct intent
    names of the logs in that order."""

    def __init__(self):
        self.file = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY)
        self.blocks: list[tuple[int, int, list[str]]] = []  # offset, length, intent names newest first

    def add(self, dumped: list[tuple[str, dict]]) -> None:
        """A batch's logs, oldest first, each as its JSON text and its answer."""
        if not dumped:
            return
        block = ",".join(text for text, _ in reversed(dumped)).encode()
        names = [item["intent"] for _, entry in reversed(dumped) for item in entry["intent"] if item["intent"]]
        self.blocks.append((self.file.tell(), len(block), list(dict.fromkeys(names))))
        self.file.write(block)

    def texts(self) -> Iterator[str]:
        """Once every batch is in."""
        for number, (offset, length, _) in enumerate(reversed(self.blocks)):
            self.file.seek(offset)
            yield ("," if number else "") + self.file.read(length).decode()

    def intent_names(self) -> list[str]:
        return list(dict.fromkeys(name for *_, names in reversed(self.blocks) for name in names))

    def close(self) -> None:
        self.file.close()


def logs_response(read: LogsRead) -> Response:
    dumps = current_app.json.dumps
    schema = LogSchema(many=True)

    def compact(value) -> str:
        return dumps(value, separators=(",", ":"))

    def body() -> Iterator[str]:
        matched, not_matched = NewestFirst(), NewestFirst()
        try:
            yield '{"cursor":' + compact(read.cursor) + ',"data":['
            first = True
            for entries in read.batches:
                texts = [compact(dumped) for dumped in schema.dump(entries)]
                yield ("" if first else ",") + ",".join(texts)
                first = False
                for spool, success in ((matched, True), (not_matched, False)):
                    spool.add([(text, entry) for text, entry in zip(texts, entries)
                               if bool(entry["success"]) is success])
            yield '],"full":' + compact(read.full) + ',"matched":['
            yield from matched.texts()
            yield '],"matchedIntents":' + compact(matched.intent_names()) + ',"notMatched":['
            yield from not_matched.texts()
            yield '],"notMatchedIntents":' + compact(not_matched.intent_names()) + "}\n"
        finally:
            matched.close()
            not_matched.close()

    return current_app.response_class(stream_with_context(body()), mimetype=current_app.json.mimetype)
