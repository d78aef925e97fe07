"""kombu's Redis transport, made to survive a Redis restart while a worker runs a task.

When the worker loses its broker connection, Celery 5.7 first drops the connection's client (`collect`) and then
closes it; closing a channel that holds unacknowledged messages (any running acks_late task) tries to push them back
to Redis through that dropped client, raises AttributeError, and Celery stops the whole worker as "Unrecoverable
error", killing its running batches. Redis is unreachable at that moment anyway: the messages stay in its `unacked`
hash, which the visibility timeout hands back (docs/architecture.md#queue-rules rule 3). So a channel whose
connection is gone neither restores nor acknowledges through it; it only forgets the messages locally.
"""
from __future__ import annotations

from kombu.transport import redis, virtual


class QoS(redis.QoS):
    def _connection_gone(self) -> bool:
        transport = self.channel.connection  # None once the channel is closed
        return transport is None or transport.client is None

    def restore_unacked(self, client=None):
        if self._connection_gone():
            self._delivered.clear()
            return None
        return super().restore_unacked(client)

    def ack(self, delivery_tag):
        if self._connection_gone():  # the running task finished after the loss: its message comes back later
            virtual.QoS.ack(self, delivery_tag)
            return
        super().ack(delivery_tag)

    def reject(self, delivery_tag, requeue=False):
        if self._connection_gone():
            virtual.QoS.ack(self, delivery_tag)
            return
        super().reject(delivery_tag, requeue)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel
