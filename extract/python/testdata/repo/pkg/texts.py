# Message texts formatted where they are raised, in another module. A name
# may be bound twice (cerberus's errors module binds each name to an
# ErrorDefinition first and to its text last): the last binding of the
# module's body is the one a function reads.
DOCUMENT_MISSING = object()
DOCUMENT_MISSING = "document is missing"
DOCUMENT_FORMAT = "'{0}' is not a document, must be a dict"
BAD_VALUE = "bad value %r for %s"
UNKNOWN_FIELD = "unknown field {name}"

if DOCUMENT_FORMAT:
    MAYBE = "bound under a condition"
MAYBE = "bound last"
