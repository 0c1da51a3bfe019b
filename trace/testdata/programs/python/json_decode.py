import json


def load(text):
    return json.loads(text)


def main():
    config = load('{"name": "x",')
    print(config)


main()
