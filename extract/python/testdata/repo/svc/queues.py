from .base import CloudError


class QueueError(CloudError):
    code = "QueueError"


class QueueDoesNotExist(QueueError):
    code = "AWS.SimpleQueueService.NonExistentQueue"
    message = "The specified queue {queue} does not exist"


class QueueDeleted(QueueError):
    message = "The queue was deleted recently"


def get_queue(queues, name):
    if name not in queues:
        raise QueueDoesNotExist(queue=name)
    if queues[name] is None:
        raise QueueDeleted
    return queues[name]
