def greet(name):
    raise ValueError(f"nom inconnu : «{name}» — réessayez")


greet("Zoë")
