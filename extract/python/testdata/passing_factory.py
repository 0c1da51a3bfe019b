# Factories that build the class they are passed, and factories that pass
# their arguments on to such a factory of another object (modelled on a
# config file parser whose errors know their line and column).


class SyntaxProblem(ValueError):
    def __init__(self, line, col, message=None):
        if message is None:
            message = "invalid syntax"
        super().__init__(f"{message} (line {line}, column {col})")


class StrayCharacter(SyntaxProblem):
    def __init__(self, line, col, char):
        super().__init__(line, col, message=f"stray character {char!r}")


class Reader:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def position(self):
        return self.text.count("\n", 0, self.pos) + 1, self.pos

    def problem(self, kind=SyntaxProblem, *args, **kwargs):
        line, col = self.position()
        return kind(line, col, *args, **kwargs)


class Loader:
    def __init__(self, text):
        self._reader = Reader(text)

    def problem(self, kind=SyntaxProblem, *args, **kwargs):
        return self._reader.problem(kind, *args, **kwargs)

    def value(self, char):
        if char == "=":
            raise self.problem(StrayCharacter, char)
        raise self.problem(SyntaxProblem, "value expected")
