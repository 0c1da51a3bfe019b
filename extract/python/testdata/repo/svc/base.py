class CloudError(Exception):
    code = "InternalFailure"
    message = "The request processing has failed"

    def __init__(self, *args, **kwargs):
        if len(args) == 1:
            msg = args[0]
        elif len(args) == 2:
            self.code = args[0]
            msg = args[1]
        else:
            # Subclasses in other modules bind their own message.
            msg = self.message.format(**kwargs)
        super().__init__(msg)
        self.message = msg

    def __str__(self):
        return f"{self.code}: {self.message}"
