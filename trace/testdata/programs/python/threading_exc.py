import threading


def work():
    [][1]


t = threading.Thread(target=work, name="worker-1")
t.start()
t.join()
