import json


def load(text):
    return json.loads(text)


load('{"a": 1,}')
