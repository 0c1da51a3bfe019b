def check(value):
    try:
        int(value)
    except ValueError as exc:
        exc.add_note("hint: the value comes from the CLI flag --workers")
        exc.add_note("see the docs for accepted forms")
        raise


check("four")
