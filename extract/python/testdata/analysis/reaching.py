# Assignments with the conditions under which they run (Guards), the exit
# that ends their block (Exit), and the if statements whose clauses all
# assign a name (Cover).


class Reader:
    def read(self, data, pos=0):
        self.pos = pos
        if not data:
            self.pos = -1
            return None
        while pos < len(data):
            pos += 1
        else:
            last = data[-1]
        try:
            head = data[0]
        except IndexError:
            head = None
        if head == "[":
            kind = "list"
        elif head == "{":
            kind = "dict"
        else:
            kind = "scalar"
        if kind == "list":
            width = 2
        elif head:
            width = 1
        match kind:
            case "dict":
                depth = 1
        for item in data:
            if item and (n := len(item)) > 3:
                raise ValueError("item too long")
        return last, depth, width, n
